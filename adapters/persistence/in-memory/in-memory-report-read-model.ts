import type {
  GroupKey,
  ReportReadModel,
  TimeReportKey,
  TimesGroup,
  TimesReportQuery,
} from '../../../application/ports/report-read-model.port.js';
import { PERIODS, type Period, periodOf } from '../../../domain/report/periods.js';
import type { UserId } from '../../../domain/task/task.js';
import type { TimeRecord } from '../../../domain/workspace/records.js';
import type { InMemoryDatabase } from './in-memory-database.js';
import { matchesLinks } from './in-memory-record-read-model.js';

const isPeriod = (key: string): key is Period => PERIODS.some((period) => period === key);

const REFERENCE_OF: Record<TimeReportKey, (record: TimeRecord) => number | null> = {
  client: (r) => r.clientId,
  project: (r) => r.projectId,
  category: (r) => r.categoryId,
  task: (r) => r.taskId,
};

const keyOf = (record: TimeRecord, groupBy: TimesReportQuery['groupBy']): GroupKey =>
  groupBy.map((key) =>
    isPeriod(key) ? (record.date === null ? null : periodOf(record.date, key)) : REFERENCE_OF[key](record),
  );

/** Each value ascending, nulls last, as the databases order them. */
const compareKeys = (a: GroupKey, b: GroupKey): number => {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? null;
    const y = b[i] ?? null;
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  }
  return 0;
};

/** The reports, added up over the records in memory: what the databases' statements answer. */
export class InMemoryReportReadModel implements ReportReadModel {
  constructor(private readonly database: InMemoryDatabase) {}

  async times(ownerId: UserId, query: TimesReportQuery, limit: number): Promise<readonly TimesGroup[]> {
    const groups = new Map<string, { key: GroupKey; records: number; seconds: number }>();
    for (const record of this.database.state.times.values()) {
      if (record.ownerId !== ownerId || !matchesLinks(record, query)) continue;
      const key = keyOf(record, query.groupBy);
      const id = JSON.stringify(key);
      const group = groups.get(id) ?? { key, records: 0, seconds: 0 };
      group.records += 1;
      group.seconds += record.timeReally;
      groups.set(id, group);
    }
    return [...groups.values()].sort((a, b) => compareKeys(a.key, b.key)).slice(0, limit);
  }
}
