import type { EntitySchemaMetadata } from '@mikro-orm/core';

/**
 * A table as its schema file describes it, as plain data: the statements read it at run time
 * (`shapeOf`), and MikroORM is given an `EntitySchema` made from it only where MikroORM runs
 * (migrations, the schema specs, the CLI: `entity-schemas.ts`). So a service on an up-to-date SQLite
 * file never loads MikroORM's core, which cost it about 10 MB of memory. Typed as MikroORM types an
 * entity schema's definition: a key of the row with no property here is a compile error.
 */
export type TableDefinition<T> = EntitySchemaMetadata<T> & {
  readonly name: string;
  readonly tableName: string;
};

export const defineTable = <T>(definition: TableDefinition<T>): TableDefinition<T> => definition;

/** What is read of any table's definition, whatever its row type. */
export interface AnyTableDefinition {
  readonly name: string;
  readonly tableName: string;
  readonly properties?: object;
}
