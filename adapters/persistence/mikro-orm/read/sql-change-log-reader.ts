import {
  CHANGE_OPERATIONS,
  CHANGE_RESOURCES,
  type ChangeLogReader,
  type LoggedChange,
} from '../../../../application/ports/change-log.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import { RowReader } from '../row-decoding.js';
import { LATEST_SEQ } from '../write/change-log-writer.js';
import type { SqlRunner } from './sql-runner.js';

const CHANGES_AFTER =
  'select seq, resource, record_id as "recordId", operation, changed_at as "changedAt" from change_log ' +
  'where user_id = ? and seq > ? order by seq limit cast(? as bigint)';

/** The change log, read outside any unit of work. */
export class SqlChangeLogReader implements ChangeLogReader {
  constructor(private readonly runner: SqlRunner) {}

  async latestSeq(userId: UserId): Promise<number> {
    const row = await this.runner.get(LATEST_SEQ, [userId]);
    return row === undefined ? 0 : Number(row.last_seq);
  }

  async changesAfter(userId: UserId, afterSeq: number, limit: number): Promise<readonly LoggedChange[]> {
    const rows = await this.runner.all(CHANGES_AFTER, [userId, afterSeq, limit]);
    return rows.map((row) => {
      const read = new RowReader('change_log', row);
      return {
        userId,
        seq: read.integer('seq'),
        resource: read.parsed('resource', (text) => CHANGE_RESOURCES.find((r) => r === text) ?? null),
        recordId: read.integer('recordId'),
        operation: read.parsed('operation', (text) => CHANGE_OPERATIONS.find((o) => o === text) ?? null),
        changedAt: read.instant('changedAt'),
      };
    });
  }
}
