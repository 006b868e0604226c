import type { Change } from '../../../../application/ports/change-log.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { ChangeRecorder } from '../../change-recorder.js';
import { BoundedCache } from '../bounded-cache.js';
import type { SqlRunner, SqlValue } from '../read/sql-runner.js';
import { perDialect, type SqlDialect } from '../sql-dialect.js';

/**
 * PostgreSQL: raises the user's sequence by `count` and answers the new last value. The upsert
 * locks the row until commit, so another writer of the same user waits here and takes the numbers
 * after these: the log has no gaps, and seq order is commit order.
 */
const RAISE_SEQUENCE =
  'insert into change_sequences (user_id, last_seq) values (?, ?) ' +
  'on conflict (user_id) do update set last_seq = change_sequences.last_seq + excluded.last_seq ' +
  'returning last_seq';

/**
 * The latest seq of the user `user` names (a parameter or a column), as a scalar subquery: PostgreSQL's
 * sequence row (null before their first change), SQLite's last entry, found at the end of the log's
 * (user_id, seq) key (0 before their first change). SQLite has no sequence row: its one writer holds
 * the file from BEGIN IMMEDIATE to the commit, so no other transaction can take the same numbers.
 */
export const latestSeqOf = (kind: SqlDialect['kind'], user: string): string =>
  kind === 'postgresql'
    ? `(select last_seq from change_sequences where user_id = ${user})`
    : `(select coalesce(max(seq), 0) from change_log where user_id = ${user})`;

/** Rows per insert: a task deleted with many linked records must not outgrow a statement's parameters. */
const ROWS_PER_INSERT = 200;

const COLUMNS = '(user_id, seq, resource, record_id, operation, changed_at, status_change)';

/** An entry's values after its user and seq. */
const valuesOf = (change: Change, at: number): SqlValue[] => [
  change.resource,
  change.recordId,
  change.operation,
  at,
  change.statusChange === undefined ? null : JSON.stringify(change.statusChange),
];

/** Statement texts by row count (at most `ROWS_PER_INSERT`), each built once (table-statements.ts says why). */
const byRows = (build: (rows: number) => string) => {
  const texts = new BoundedCache<number, string>(ROWS_PER_INSERT);
  return (rows: number): string => texts.getOrMake(rows, build);
};

/** PostgreSQL, past `ROWS_PER_INSERT` entries: inserted in chunks after the raise. */
const insertEntries = byRows(
  (rows) =>
    `insert into change_log ${COLUMNS} values ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
);

/**
 * PostgreSQL: the raise and the entries in one round trip, each entry numbered from the raised value
 * by its place (typed, as VALUES leaves parameters untyped).
 */
const raiseAndInsert = byRows(
  (rows) =>
    `with raised as (${RAISE_SEQUENCE}) insert into change_log ${COLUMNS} ` +
    'select v.user_id, raised.last_seq - cast(? as bigint) + v.place, v.resource, v.record_id, v.operation, ' +
    'v.changed_at, v.status_change from raised, (values ' +
    Array.from(
      { length: rows },
      () =>
        '(cast(? as integer), cast(? as bigint), cast(? as varchar), cast(? as integer), cast(? as varchar), ' +
        'cast(? as bigint), cast(? as text))',
    ).join(', ') +
    ') as v(user_id, place, resource, record_id, operation, changed_at, status_change)',
);

/**
 * SQLite, one entry (most writes): numbered after the user's last one by the same statement. Half
 * the time of the form below for one row (5 against 10.5 µs, measured), which SQLite runs with a
 * table of its values built first.
 */
const INSERT_ONE_AFTER_LAST = `insert into change_log ${COLUMNS} values (?, ${latestSeqOf('sqlite', '?')} + 1, ?, ?, ?, ?, ?)`;

/**
 * SQLite: the entries numbered after the user's last one (`latestSeqOf`) by the same statement, which
 * reads the log before it inserts into it.
 */
const insertAfterLast = byRows(
  (rows) =>
    'with v (place, resource, record_id, operation, changed_at, status_change) as (values ' +
    Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?)').join(', ') +
    `) insert into change_log ${COLUMNS} ` +
    `select ?, last.seq + v.place, v.resource, v.record_id, v.operation, v.changed_at, v.status_change ` +
    `from (select ${latestSeqOf('sqlite', '?')} as seq) as last, v`,
);

const appendForUser = async (
  tx: SqlRunner,
  dialect: SqlDialect,
  userId: UserId,
  changes: readonly Change[],
  at: number,
): Promise<void> => {
  if (dialect.kind === 'sqlite') {
    const [only] = changes;
    if (changes.length === 1 && only !== undefined)
      return tx.run(INSERT_ONE_AFTER_LAST, [userId, userId, ...valuesOf(only, at)]);
    // A chunk after the first is numbered after the ones before it, which it finds in the log.
    for (let start = 0; start < changes.length; start += ROWS_PER_INSERT) {
      const chunk = changes.slice(start, start + ROWS_PER_INSERT);
      const entries = chunk.flatMap((change, index) => [index + 1, ...valuesOf(change, at)]);
      await tx.run(insertAfterLast(chunk.length), [...entries, userId, userId]);
    }
    return;
  }
  if (changes.length <= ROWS_PER_INSERT) {
    const entries = changes.flatMap((change, index) => [userId, index + 1, ...valuesOf(change, at)]);
    return tx.run(raiseAndInsert(changes.length), [userId, changes.length, changes.length, ...entries]);
  }
  const raised = await tx.get(RAISE_SEQUENCE, [userId, changes.length]);
  const first = Number(raised?.last_seq) - changes.length + 1;
  for (let start = 0; start < changes.length; start += ROWS_PER_INSERT) {
    const chunk = changes.slice(start, start + ROWS_PER_INSERT);
    const params = chunk.flatMap((change, index) => [userId, first + start + index, ...valuesOf(change, at)]);
    await tx.run(insertEntries(chunk.length), params);
  }
};

/**
 * Appends what units of work changed to the change log, in their transaction, just before it
 * commits: users in id order, so two transactions that both write for the same users lock their
 * sequences (PostgreSQL) in the same order and cannot deadlock on them.
 */
export const appendChanges = async (
  tx: SqlRunner,
  dialect: SqlDialect,
  recorders: readonly ChangeRecorder[],
  at: number,
): Promise<void> => {
  const byUser = new Map<UserId, Change[]>();
  for (const recorder of recorders)
    for (const [userId, changes] of recorder.byUser()) {
      const listed = byUser.get(userId);
      if (listed === undefined) byUser.set(userId, [...changes]);
      else listed.push(...changes);
    }
  for (const userId of [...byUser.keys()].sort((a, b) => a - b))
    await appendForUser(tx, dialect, userId, byUser.get(userId) ?? [], at);
};

/** The user's latest seq, read on the read side. */
export const LATEST_SEQ = perDialect((kind) => `select ${latestSeqOf(kind, '?')} as last_seq`);
