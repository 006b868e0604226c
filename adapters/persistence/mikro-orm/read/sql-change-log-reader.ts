import {
  CHANGE_OPERATIONS,
  CHANGE_RESOURCES,
  type ChangeLogReader,
  type ChangeResource,
  type LoggedChange,
  type StatusChangeNote,
} from '../../../../application/ports/change-log.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import { RowReader } from '../row-decoding.js';
import type { SqlDialect } from '../sql-dialect.js';
import { LATEST_SEQ } from '../write/change-log-writer.js';
import type { SqlRunner } from './sql-runner.js';

const changesAfter = (resources: string) =>
  'select seq, resource, record_id as "recordId", operation, changed_at as "changedAt", status_change as "statusChange" from change_log ' +
  `where user_id = ? and seq > ?${resources} order by seq limit cast(? as bigint)`;

const CHANGES_AFTER = changesAfter('');

/**
 * Of some resources only: a text list bound as one parameter (so one statement serves any choice),
 * tested on each entry walked along the (user_id, seq) key.
 */
const CHANGES_AFTER_OF = changesAfter(" and ',' || ? || ',' like '%,' || resource || ',%'");

/** The change log, read outside any unit of work. */
export class SqlChangeLogReader implements ChangeLogReader {
  private readonly latest: string;

  constructor(
    private readonly runner: SqlRunner,
    dialect: SqlDialect,
  ) {
    this.latest = LATEST_SEQ[dialect.kind];
  }

  async latestSeq(userId: UserId): Promise<number> {
    const row = await this.runner.get(this.latest, [userId]);
    return row === undefined ? 0 : Number(row.last_seq);
  }

  async changesAfter(
    userId: UserId,
    afterSeq: number,
    limit: number,
    resources?: readonly ChangeResource[],
  ): Promise<readonly LoggedChange[]> {
    const rows = await (resources === undefined
      ? this.runner.all(CHANGES_AFTER, [userId, afterSeq, limit])
      : this.runner.all(CHANGES_AFTER_OF, [userId, afterSeq, resources.join(','), limit]));
    return rows.map((row) => {
      const read = new RowReader('change_log', row);
      return {
        userId,
        seq: read.integer('seq'),
        resource: read.parsed('resource', (text) => CHANGE_RESOURCES.find((r) => r === text) ?? null),
        recordId: read.integer('recordId'),
        operation: read.parsed('operation', (text) => CHANGE_OPERATIONS.find((o) => o === text) ?? null),
        changedAt: read.instant('changedAt'),
        statusChange:
          // trust boundary: written by this adapter from a StatusChangeNote, and never changed since.
          row.statusChange == null ? undefined : (JSON.parse(String(row.statusChange)) as StatusChangeNote),
      };
    });
  }
}
