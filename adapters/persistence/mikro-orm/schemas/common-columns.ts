import { epochMillis } from './column-types.js';

/**
 * A reference that needs no index of its own, because an index of the table's starts with it
 * (MikroORM gives every other reference one on SQLite): each index is one more write per insert.
 */
export const COVERED_BY_AN_INDEX = { index: false } as const;

/** Column definitions shared by the owned record tables (each has its `ownerIndex`). */
export const ownedColumns = {
  id: { type: 'integer', primary: true, autoincrement: true },
  ownerId: {
    kind: 'm:1',
    type: 'UserRecord',
    mapToPk: true,
    fieldName: 'owner_id',
    deleteRule: 'restrict',
    ...COVERED_BY_AN_INDEX,
  },
} as const;

export const namedColumns = {
  name: { type: 'string', length: 191 },
  description: { type: 'text', nullable: true },
  active: { type: 'boolean', default: true },
} as const;

/**
 * When a record was made and last changed, and its version: every write the service makes to the
 * row raises it (updated_at alone cannot tell two edits in one millisecond apart), so a host's
 * precondition can ask for the version it read.
 */
export const changeColumns = {
  createdAt: { type: epochMillis(), fieldName: 'created_at' },
  updatedAt: { type: epochMillis(), fieldName: 'updated_at' },
  version: { type: 'integer', default: 1 },
} as const;

/** An index's properties as a tuple of their names (MikroORM types them by the entity's properties). */
const tuple = <const T extends string[]>(...properties: T): T => properties;

/** The table's (owner, id) index, which every owner-scoped lookup uses. */
export const ownerIndex = (table: string) => [
  { name: `${table}_owner_index`, properties: tuple('ownerId', 'id') },
];

/**
 * A record's (client, created_at, id) index: "clients ordered by their latest record of a type"
 * finds each client's newest record with one index step instead of scanning the client's records.
 */
export const latestPerClientIndex = (table: string) => ({
  name: `${table}_client_latest_index`,
  properties: tuple('clientId', 'createdAt', 'id'),
});

/** `index`, holding only the rows whose optional reference `column` is set. */
export const withReference = <I extends object>(column: string, index: I): I & { where: string } => ({
  ...index,
  where: `${column} is not null`,
});

/**
 * A nullable reference column holding the other record's id. `restrict` unless said otherwise:
 * nothing is deleted, or silently unlinked, as a side effect.
 */
export const nullableReference = (
  target: string,
  fieldName: string,
  deleteRule: 'restrict' | 'set null' = 'restrict',
) => ({ kind: 'm:1', type: target, mapToPk: true, fieldName, nullable: true, deleteRule }) as const;

/**
 * A dated record's (owner, date, id) index: its list, newest first and undated last, is read along
 * it (backwards) in two runs — the dated records, then the undated ones — instead of sorting every
 * record the owner has.
 */
export const newestFirstIndex = (table: string) => ({
  name: `${table}_newest_first_index`,
  properties: tuple('ownerId', 'date', 'id'),
});

/**
 * One index per reference column, named as SQLite names the ones it makes for foreign keys by
 * itself: PostgreSQL makes none, and without them a filter by project, or the check that a client
 * is still in use before deleting it, reads every row.
 */
export const referenceIndexes = <P extends string>(table: string, columns: Readonly<Record<P, string>>) =>
  // trust boundary: the record's own keys are the properties P it was typed with.
  (Object.keys(columns) as P[]).map((property) => ({
    name: `${table}_${columns[property]}_index`,
    properties: tuple(property),
  }));
