import type { Change } from '../../../../application/ports/change-log.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { ChangeRecorder } from '../../change-recorder.js';
import type { SqlRunner, SqlValue } from '../read/sql-runner.js';
import type { CommitCollector } from './joined-transactions.js';

/**
 * Raises the user's sequence by `count` and answers the new last value. The upsert locks the row
 * (on PostgreSQL) until commit, so another writer of the same user waits here and takes the numbers
 * after these: the log has no gaps, and seq order is commit order.
 */
const RAISE_SEQUENCE =
  'insert into change_sequences (user_id, last_seq) values (?, ?) ' +
  'on conflict (user_id) do update set last_seq = change_sequences.last_seq + excluded.last_seq ' +
  'returning last_seq';

/** Rows per insert: a task deleted with many linked records must not outgrow a statement's parameters. */
const ROWS_PER_INSERT = 200;

const insertEntries = (rows: number): string =>
  'insert into change_log (user_id, seq, resource, record_id, operation, changed_at, status_change) values ' +
  Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?)').join(', ');

const appendForUser = async (
  tx: SqlRunner,
  userId: UserId,
  changes: readonly Change[],
  at: number,
): Promise<void> => {
  const raised = await tx.get(RAISE_SEQUENCE, [userId, changes.length]);
  const first = Number(raised?.last_seq) - changes.length + 1;
  for (let start = 0; start < changes.length; start += ROWS_PER_INSERT) {
    const chunk = changes.slice(start, start + ROWS_PER_INSERT);
    const params: SqlValue[] = chunk.flatMap((change, index) => [
      userId,
      first + start + index,
      change.resource,
      change.recordId,
      change.operation,
      at,
      change.statusChange === undefined ? null : JSON.stringify(change.statusChange),
    ]);
    await tx.run(insertEntries(chunk.length), params);
  }
};

/**
 * Appends what units of work changed to the change log, in their transaction, just before it
 * commits: each unit's entries after the one's before (a batch's units, one after another), users in
 * id order, so two transactions that both write for the same users lock their sequences in the same
 * order and cannot deadlock on them. One sequence raised per user, however many units.
 */
export const appendChanges = async (
  tx: SqlRunner,
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
    await appendForUser(tx, userId, byUser.get(userId) ?? [], at);
};

/** The change log of a batch's units of work, written with the batch's commit. */
export const CHANGE_LOG: CommitCollector<ChangeRecorder> = {
  flush: (tx, recorders) => appendChanges(tx, recorders, Date.now()),
};

/** The user's latest seq, read on the read side (0 before their first change). */
export const LATEST_SEQ = 'select last_seq from change_sequences where user_id = ?';
