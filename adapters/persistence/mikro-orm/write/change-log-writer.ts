import type { Expression, SelectQueryBuilder } from 'kysely';
import type { Change } from '../../../../application/ports/change-log.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { ChangeRecorder } from '../../change-recorder.js';
import type { Db, Statements } from '../orm-runner.js';
import { snapshotText } from '../record-snapshot.js';
import type { Database } from '../schemas/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { chunksOf } from './many-rows.js';

/** An entry's columns after its user and seq. */
const columnsOf = (change: Change, at: number) => ({
  resource: change.resource,
  record_id: change.recordId,
  operation: change.operation,
  changed_at: at,
  status_change: change.statusChange === undefined ? null : JSON.stringify(change.statusChange),
  record: change.record === undefined ? null : snapshotText(change.record),
});

/**
 * The user's latest seq, as a subquery: PostgreSQL's sequence row (none before their first change),
 * SQLite's last entry, found at the end of the log's (user_id, seq) key (0 before their first).
 */
export const latestSeqQuery = (
  db: Db,
  dialect: SqlDialect,
  userId: UserId | Expression<number>,
): SelectQueryBuilder<Database, 'change_sequences' | 'change_log', { seq: number }> =>
  dialect.kind === 'postgresql'
    ? db.selectFrom('change_sequences').select('last_seq as seq').where('user_id', '=', userId)
    : db
        .selectFrom('change_log')
        .select((row) => row.fn.coalesce(row.fn.max('seq'), row.lit(0)).as('seq'))
        .where('user_id', '=', userId);

/**
 * SQLite: the first entry numbered after the user's last one by its own insert, which reads the log
 * before it writes to it, and the rest after the first, many rows an insert. SQLite has no sequence
 * row: its one writer holds the file from the transaction's first write to its commit, so no other
 * transaction can take the same numbers.
 */
const appendOnSqlite = async (
  q: Statements,
  dialect: SqlDialect,
  userId: UserId,
  changes: readonly Change[],
  at: number,
) => {
  const [first, ...rest] = changes;
  if (first === undefined) return;
  const numbered = await q.first(
    q.db
      .insertInto('change_log')
      .values((row) => ({
        user_id: userId,
        seq: row(latestSeqQuery(q.db, dialect, userId).$asScalar(), '+', 1),
        ...columnsOf(first, at),
      }))
      .returning('seq'),
  );
  let seq = numbered?.seq ?? 0;
  for (const chunk of chunksOf(rest))
    await q.run(
      q.db
        .insertInto('change_log')
        .values(chunk.map((change) => ({ user_id: userId, seq: ++seq, ...columnsOf(change, at) }))),
    );
};

/**
 * PostgreSQL: the user's sequence raised by the entries' count and the entries inserted, numbered
 * from the raised value by their place, in one statement. The upsert locks the sequence's row until
 * commit, so another writer of the same user waits there and takes the numbers after these: the log
 * has no gaps, and seq order is commit order.
 */
const appendOnPostgres = async (q: Statements, userId: UserId, changes: readonly Change[], at: number) => {
  for (const chunk of chunksOf(changes)) {
    await q.run(
      q.db
        .with('raised', (db) =>
          db
            .insertInto('change_sequences')
            .values({ user_id: userId, last_seq: chunk.length })
            .onConflict((conflict) =>
              conflict.column('user_id').doUpdateSet((update) => ({
                last_seq: update('change_sequences.last_seq', '+', update.ref('excluded.last_seq')),
              })),
            )
            .returning('last_seq'),
        )
        .insertInto('change_log')
        .values((row) => {
          // One subquery node, shared by every row: the builder's nodes are immutable.
          const raised = row.selectFrom('raised').select('last_seq').$asScalar();
          return chunk.map((change, index) => ({
            user_id: userId,
            seq: row(raised, '-', chunk.length - 1 - index),
            ...columnsOf(change, at),
          }));
        }),
    );
  }
};

/**
 * Appends what a unit of work changed to the change log, in its transaction, just before it
 * commits: users in id order, so two transactions that both write for the same users lock their
 * sequences (PostgreSQL) in the same order and cannot deadlock on them.
 */
export const appendChanges = async (
  q: Statements,
  dialect: SqlDialect,
  recorder: ChangeRecorder,
  at: number,
): Promise<void> => {
  const byUser = recorder.byUser();
  for (const userId of [...byUser.keys()].sort((a, b) => a - b)) {
    const changes = byUser.get(userId) ?? [];
    if (changes.length === 0) continue;
    if (dialect.kind === 'sqlite') await appendOnSqlite(q, dialect, userId, changes, at);
    else await appendOnPostgres(q, userId, changes, at);
  }
};
