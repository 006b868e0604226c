import type { Selectable, Updateable } from 'kysely';
import type { Stored } from '../../../domain/workspace/records.js';
import type { Database } from './schemas/database.js';

/** The tables of the owned records a record repository serves, and their rows. */
export type RecordTableName =
  | 'clients'
  | 'projects'
  | 'categories'
  | 'cards'
  | 'notes'
  | 'time_records'
  | 'money_records';

type RowOf<N extends RecordTableName> = Selectable<Database[N]>;

/**
 * A row as the repository's statements, which name any record table, read it: every column of every
 * record table. Each table's `fromRow` takes its own table's row, which this is assignable to.
 */
export type RecordRow = RowOf<'clients'> &
  RowOf<'projects'> &
  RowOf<'categories'> &
  RowOf<'cards'> &
  RowOf<'notes'> &
  RowOf<'time_records'> &
  RowOf<'money_records'>;

/** The columns a record's fields are written to (its domain fields, not id, owner or times). */
type WritableOf<N extends RecordTableName> = Omit<
  Updateable<Database[N]>,
  'id' | 'owner_id' | 'created_at' | 'updated_at' | 'version'
>;

/**
 * One record kind in its table: the mapping between the domain's fields and the row's columns, kept
 * beside the table's definition (`clientTable` in schemas/workspace.schemas.ts, …). Each row is read into one object literal, field by field: a list
 * reads every row, and spreading shared parts into each is slower.
 */
export interface RecordTable<F> {
  readonly name: RecordTableName;
  readonly toRow: (fields: F) => WritableOf<RecordTableName>;
  readonly fromRow: (row: RecordRow) => Stored<F>;
}
