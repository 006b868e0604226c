import { UnderscoreNamingStrategy } from '@mikro-orm/core';
import type { Database } from './database.js';
import { ALL_SCHEMAS } from './index.js';

const naming = new UnderscoreNamingStrategy();

/**
 * Every table's columns, named from its entity as MikroORM names them. Statements name the columns
 * they read rather than `*`: PostgreSQL refuses to run a prepared `select *` again once a migration
 * has added a column, so postgres-statement-names.ts prepares only statements that name theirs.
 */
export const COLUMNS = Object.fromEntries<readonly string[]>(
  ALL_SCHEMAS.map((schema) => [
    schema.meta.tableName,
    Object.entries(schema.meta.properties).map(
      ([property, options]): string => options.fieldName ?? naming.propertyToColumnName(property),
    ),
  ]),
  // trust boundary: MikroORM names each column as InferKyselyDB does (a spec compares them with the tables).
) as { readonly [T in keyof Database]: readonly (keyof Database[T] & string)[] };

/** `columns` on the alias a statement gives their table (`t.id`, …): made once, beside the statement. */
export const qualified = <A extends string, C extends string>(alias: A, columns: readonly C[]) =>
  columns.map((column) => `${alias}.${column}` as const);
