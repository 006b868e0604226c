import type {
  Group,
  GroupKey,
  MoneysFigures,
  MoneysReportQuery,
  ReportReadModel,
  TasksFigures,
  TasksReportQuery,
  TimesFigures,
  TimesReportQuery,
} from '../../../application/ports/report-read-model.port.js';
import { MONEY_FIGURE, STATUS_FIGURE } from '../../../application/ports/report-read-model.port.js';
import { isPeriod, type Period, periodOf } from '../../../domain/report/periods.js';
import type { LocalDateTime } from '../../../domain/shared/local-date-time.js';
import { moneyToCents } from '../../../domain/shared/money.js';
import { isVisibleTo, type Task, type UserId } from '../../../domain/task/task.js';
import type { MoneyRecord, TimeRecord } from '../../../domain/workspace/records.js';
import type { InMemoryDatabase } from './in-memory-database.js';
import { matchesLinks } from './in-memory-record-read-model.js';
import { testsOf } from './in-memory-task-read-model.js';

type Keyed = { readonly date: LocalDateTime | null };

/** A group's key: each reference as `references` reads it, each period from the record's date. */
const keyOf = <R extends Keyed, K extends string>(
  record: R,
  groupBy: readonly (K | Period)[],
  references: Record<K, (record: R) => number | null>,
): GroupKey =>
  groupBy.map((key) =>
    isPeriod(key) ? (record.date === null ? null : periodOf(record.date, key)) : references[key](record),
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

/** The records in groups by key, each group's figures added up with `add`, ordered as the databases do. */
const grouped = <R, M>(
  records: Iterable<R>,
  keyFor: (record: R) => GroupKey,
  zero: () => M,
  add: (figures: M, record: R) => M,
  limit: number,
): Group<M>[] => {
  const groups = new Map<string, { key: GroupKey; figures: M }>();
  for (const record of records) {
    const key = keyFor(record);
    const id = JSON.stringify(key);
    const group = groups.get(id) ?? { key, figures: zero() };
    group.figures = add(group.figures, record);
    groups.set(id, group);
  }
  return [...groups.values()]
    .sort((a, b) => compareKeys(a.key, b.key))
    .slice(0, limit)
    .map(({ key, figures }) => ({ ...figures, key }));
};

const LINKS = {
  client: (r: TimeRecord | MoneyRecord) => r.clientId,
  project: (r: TimeRecord | MoneyRecord) => r.projectId,
  category: (r: TimeRecord | MoneyRecord) => r.categoryId,
  task: (r: TimeRecord | MoneyRecord) => r.taskId,
};

const MONEY_KEYS = { ...LINKS, card: (r: MoneyRecord) => r.card, type: (r: MoneyRecord) => r.type };

const TASK_KEYS = {
  client: (t: Task) => t.clientId,
  project: (t: Task) => t.projectId,
  category: (t: Task) => t.categoryId,
  status: (t: Task) => t.status,
  priority: (t: Task) => t.priority,
};

/** The reports added up over the records in memory: what the databases' statements answer. */
export class InMemoryReportReadModel implements ReportReadModel {
  constructor(private readonly database: InMemoryDatabase) {}

  async times(ownerId: UserId, query: TimesReportQuery, limit: number): Promise<Group<TimesFigures>[]> {
    const records = [...this.database.state.times.values()].filter(
      (record) => record.ownerId === ownerId && matchesLinks(record, query),
    );
    return grouped(
      records,
      (record) => keyOf(record, query.groupBy, LINKS),
      () => ({ records: 0, seconds: 0 }),
      (sum, record) => ({ records: sum.records + 1, seconds: sum.seconds + record.timeReally }),
      limit,
    );
  }

  async moneys(ownerId: UserId, query: MoneysReportQuery, limit: number): Promise<Group<MoneysFigures>[]> {
    const { type, card } = query;
    const records = [...this.database.state.moneys.values()].filter(
      (record) =>
        record.ownerId === ownerId &&
        matchesLinks(record, query) &&
        (type === undefined || record.type === type) &&
        (card === undefined || record.card === card || record.toCard === card),
    );
    return grouped(
      records,
      (record) => keyOf(record, query.groupBy, MONEY_KEYS),
      () => ({ records: 0, incomeCents: 0, expenseCents: 0, transferCents: 0 }),
      (sum, record) => {
        const into = MONEY_FIGURE[record.type];
        return { ...sum, records: sum.records + 1, [into]: sum[into] + moneyToCents(record.price) };
      },
      limit,
    );
  }

  async tasks(userId: UserId, query: TasksReportQuery, limit: number): Promise<Group<TasksFigures>[]> {
    const state = this.database.state;
    const tests = testsOf(state, query);
    const tasks = [...state.tasks.values()].filter(
      (task) => isVisibleTo(task, userId) && tests.every((test) => test(task)),
    );
    return grouped(
      tasks,
      (task) => keyOf(task, query.groupBy, TASK_KEYS),
      () => ({
        tasks: 0,
        byStatus: { new: 0, inProgress: 0, done: 0, cancelled: 0 },
        secondsPlanned: 0,
        pricePlannedCents: 0,
      }),
      (sum, task) => {
        const status = STATUS_FIGURE[task.status];
        return {
          tasks: sum.tasks + 1,
          byStatus: { ...sum.byStatus, [status]: sum.byStatus[status] + 1 },
          secondsPlanned: sum.secondsPlanned + (task.timePlanned ?? 0),
          pricePlannedCents:
            sum.pricePlannedCents + (task.pricePlanned === null ? 0 : moneyToCents(task.pricePlanned)),
        };
      },
      limit,
    );
  }
}
