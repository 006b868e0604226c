import { p } from '@mikro-orm/core';
import { epochMillis, idColumn } from './column-types.js';
import { UserSchema } from './user.schemas.js';

/**
 * The columns of the owned record tables. The owner needs no index of its own: the table's
 * `ownerIndex` starts with it (MikroORM gives every other reference one on SQLite), and each index
 * is one more write per insert.
 */
export const ownedColumns = () => ({
  id: idColumn(),
  ownerId: () => p.manyToOne(UserSchema).mapToPk().fieldName('owner_id').deleteRule('restrict').index(false),
});

export const namedColumns = () => ({
  name: p.string().length(191),
  description: p.text().nullable(),
  active: p.boolean().default(true),
});

/**
 * When a record was made and last changed, and its version: every write the service makes to the
 * row raises it (updated_at alone cannot tell two edits in one millisecond apart), so a host's
 * precondition can ask for the version it read.
 */
export const changeColumns = () => ({
  createdAt: epochMillis().fieldName('created_at'),
  updatedAt: epochMillis().fieldName('updated_at'),
  version: p.integer().default(1),
});

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
export const withReference = <const I extends object>(column: string, index: I): I & { where: string } => ({
  ...index,
  where: `${column} is not null`,
});

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
