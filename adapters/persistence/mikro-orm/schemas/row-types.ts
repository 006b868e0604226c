import type { EntitySchemaWithMeta } from '@mikro-orm/core';
import type { InferKyselyTable } from '@mikro-orm/sql';
import type { Selectable, Updateable } from 'kysely';

/** A table's row as its queries read it, typed from the table's entity (columns as the table names them). */
export type RowOf<S extends EntitySchemaWithMeta> = Selectable<InferKyselyTable<S>>;

/** The columns a record's fields are written to: its domain fields, not its id, owner, times or version. */
export type WritableOf<S extends EntitySchemaWithMeta> = Omit<
  Updateable<InferKyselyTable<S>>,
  'id' | 'owner_id' | 'created_at' | 'updated_at' | 'version'
>;
