import {
  CHANGE_OPERATIONS,
  CHANGE_RESOURCES,
  type ChangeLogReader,
  type ChangeResource,
  type LoggedChange,
  type StatusChangeNote,
} from '../../../../application/ports/change-log.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { Statements } from '../orm-runner.js';
import { snapshotOf } from '../record-snapshot.js';
import { rowCount } from '../row-count.js';
import { COLUMNS } from '../schemas/columns.js';
import type { SqlDialect } from '../sql-dialect.js';
import { domainValue, instant } from '../typed-values.js';
import { latestSeqQuery } from '../write/change-log-writer.js';

const resourceOf = (text: string) => CHANGE_RESOURCES.find((resource) => resource === text) ?? null;
const operationOf = (text: string) => CHANGE_OPERATIONS.find((operation) => operation === text) ?? null;

/** The change log, read outside any unit of work: along its (user_id, seq) key. */
export class SqlChangeLogReader implements ChangeLogReader {
  constructor(
    private readonly q: Statements,
    private readonly dialect: SqlDialect,
  ) {}

  async latestSeq(userId: UserId): Promise<number> {
    const row = await this.q.first(latestSeqQuery(this.q.db, this.dialect, userId));
    return row?.seq ?? 0;
  }

  async changesAfter(
    userId: UserId,
    afterSeq: number,
    limit: number,
    resources?: readonly ChangeResource[],
  ): Promise<readonly LoggedChange[]> {
    if (resources?.length === 0) return [];
    const rows = await this.q.all(
      this.q.db
        .selectFrom('change_log')
        .select(COLUMNS.change_log)
        .where('user_id', '=', userId)
        .where('seq', '>', afterSeq)
        .$if(resources !== undefined, (query) => query.where('resource', 'in', resources ?? []))
        .orderBy('seq')
        .limit(rowCount(limit)),
    );
    return rows.map((row) => ({
      userId,
      seq: row.seq,
      resource: domainValue('change_log', 'resource', row.resource, resourceOf),
      recordId: row.record_id,
      operation: domainValue('change_log', 'operation', row.operation, operationOf),
      changedAt: instant(row.changed_at),
      statusChange:
        // trust boundary: written by this adapter from a StatusChangeNote, and never changed since.
        row.status_change === null ? undefined : (JSON.parse(row.status_change) as StatusChangeNote),
      record: row.record === null ? undefined : snapshotOf(row.record),
    }));
  }
}
