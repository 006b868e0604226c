import { type AliasableExpression, expressionBuilder } from 'kysely';
import type {
  Group,
  GroupKey,
  MoneyReportKey,
  MoneysFigures,
  MoneysReportQuery,
  ReportReadModel,
  TaskReportKey,
  TasksFigures,
  TasksReportQuery,
  TimeReportKey,
  TimesFigures,
  TimesReportQuery,
} from '../../../../application/ports/report-read-model.port.js';
import { MONEY_FIGURE, STATUS_FIGURE } from '../../../../application/ports/report-read-model.port.js';
import { isPeriod, type Period } from '../../../../domain/report/periods.js';
import type { UserId } from '../../../../domain/task/task.js';
import { TASK_STATUSES } from '../../../../domain/task/task-status.js';
import { MONEY_TYPES } from '../../../../domain/workspace/records.js';
import type { Statements } from '../orm-runner.js';
import { rowCount } from '../row-count.js';
import type { Database } from '../schemas/database.js';
import type { Selection, SqlDialect } from '../sql-dialect.js';
import { choice } from '../typed-values.js';
import { linkFilters } from './sql-record-read-model.js';
import { filtersOf, visibleTo, where } from './sql-task-read-model.js';

const r = expressionBuilder<{ r: Database['time_records'] & Database['money_records'] }, 'r'>();
const t = expressionBuilder<{ t: Database['tasks'] }, 't'>();

type KeyValue = AliasableExpression<number | string | null>;

const LINK_COLUMNS = {
  client: r.ref('r.client_id'),
  project: r.ref('r.project_id'),
  category: r.ref('r.category_id'),
  task: r.ref('r.task_id'),
} satisfies Record<TimeReportKey, KeyValue>;

const MONEY_COLUMNS = {
  ...LINK_COLUMNS,
  card: r.ref('r.card_id'),
  type: r.ref('r.type'),
} satisfies Record<MoneyReportKey, KeyValue>;

const TASK_COLUMNS = {
  client: t.ref('t.client_id'),
  project: t.ref('t.project_id'),
  category: t.ref('t.category_id'),
  status: t.ref('t.status'),
  priority: t.ref('t.priority'),
} satisfies Record<TaskReportKey, KeyValue>;

/**
 * Key columns no row leaves null: ordered plainly, as the grouping already sorts them, where
 * `nulls last` (needed for the others: SQLite sorts nulls first) would sort the groups again.
 */
const NEVER_NULL: ReadonlySet<KeyValue> = new Set([
  TASK_COLUMNS.status,
  TASK_COLUMNS.priority,
  MONEY_COLUMNS.type,
]);

/** A report has at most three keys; each is selected, grouped and ordered under its own name. */
const KEY_NAMES = ['key_0', 'key_1', 'key_2'] as const;
type KeyColumns = { readonly [N in (typeof KEY_NAMES)[number]]?: number | string | null };

/** A count or a sum as the driver answers it: PostgreSQL's bigint and numeric arrive as text. */
type Figure = number | string | bigint;
const figure = (value: Figure | null | undefined): number => Number(value ?? 0);

/** A column whose values a report's figures are split by within each group (a task's status). */
interface Within {
  readonly column: AliasableExpression<number>;
  /** How many values it takes: a group is at most this many rows. */
  readonly values: number;
}

/**
 * `rows` added up in groups of `groupBy` (each a column of `columns`, or a period of `date`), each
 * group split into rows by `within` if given: one statement, ordered by the keys (nulls last), only
 * groups with rows. Splitting by a column costs the database what grouping by it does, where a sum
 * per value (`sum(case …)`) tests every row once per value. At most `limit` groups are read: as a
 * group is at most `within.values` rows, that many times `limit` rows hold them whole.
 */
const grouped = async <K extends string, M>(
  q: Statements,
  rows: Selection<M>,
  groupBy: readonly (K | Period)[],
  columns: Record<K, KeyValue>,
  period: (period: Period) => KeyValue,
  limit: number,
  within?: Within,
): Promise<(M & { readonly key: GroupKey; readonly within: number })[]> => {
  const keys = groupBy.map((key, index) => ({
    name: KEY_NAMES[index] ?? 'key_0',
    value: isPeriod(key) ? period(key) : columns[key],
  }));
  let statement = rows
    .select(keys.map(({ name, value }) => value.as(name)))
    .limit(rowCount(limit * (within?.values ?? 1)))
    .$castTo<M & KeyColumns & { readonly within?: Figure }>();
  // A key that is the split's own column splits and orders the groups already.
  const splitByKey = within !== undefined && keys.some(({ value }) => value === within.column);
  if (within !== undefined) {
    statement = statement.select(within.column.as('within'));
    if (!splitByKey) statement = statement.groupBy('within');
  } else if (keys.length === 0) {
    // Without keys, an aggregate of no rows is still one row: only groups with records appear.
    statement = statement.having((eb) => eb.fn.countAll(), '>', 0);
  }
  for (const { name, value } of keys)
    statement = statement
      .groupBy(name)
      .orderBy(name, (order) => (NEVER_NULL.has(value) ? order.asc() : order.asc().nullsLast()));
  if (within !== undefined && !splitByKey) statement = statement.orderBy('within');
  const found = await q.all(statement);
  return found.map((row) => ({
    ...row,
    key: keys.map(({ name }) => row[name] ?? null),
    within: figure(row.within),
  }));
};

const sameKey = (a: GroupKey, b: GroupKey): boolean => a.every((value, index) => value === b[index]);

/** Consecutive rows of one key, added into its group: the first `limit` groups, in order. */
const folded = <R extends { readonly key: GroupKey }, M>(
  rows: readonly R[],
  zero: M,
  add: (figures: M, row: R) => M,
  limit: number,
): Group<M>[] => {
  const groups: Group<M>[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last !== undefined && sameKey(last.key, row.key))
      groups[groups.length - 1] = { ...add(last, row), key: row.key };
    else if (groups.length === limit) break;
    else groups.push({ ...add(zero, row), key: row.key });
  }
  return groups;
};

const NO_MONEY: MoneysFigures = { records: 0, incomeCents: 0, expenseCents: 0, transferCents: 0 };

const NO_TASKS: TasksFigures = {
  tasks: 0,
  byStatus: { new: 0, inProgress: 0, done: 0, cancelled: 0 },
  secondsPlanned: 0,
  pricePlannedCents: 0,
};
/** The reports as one statement each: grouped, summed and ordered by the database. */
export class SqlReportReadModel implements ReportReadModel {
  constructor(
    private readonly q: Statements,
    private readonly dialect: SqlDialect,
  ) {}

  async times(ownerId: UserId, query: TimesReportQuery, limit: number): Promise<Group<TimesFigures>[]> {
    const rows = linkFilters(
      this.q.db.selectFrom('time_records as r').where('r.owner_id', '=', ownerId),
      query,
    ).select((eb) => [
      eb.fn.countAll<Figure>().as('records'),
      eb.fn.sum<Figure>('r.time_really').as('seconds'),
    ]);
    const groups = await grouped(this.q, rows, query.groupBy, LINK_COLUMNS, this.periodOf('r'), limit);
    return groups.map((group) => ({
      key: group.key,
      records: figure(group.records),
      seconds: figure(group.seconds),
    }));
  }

  /** Each group's rows split by money type: the type says which sum its prices add to. */
  async moneys(ownerId: UserId, query: MoneysReportQuery, limit: number): Promise<Group<MoneysFigures>[]> {
    const { type, card } = query;
    const rows = linkFilters(
      this.q.db.selectFrom('money_records as r').where('r.owner_id', '=', ownerId),
      query,
    )
      .$if(type !== undefined, (q) => q.where('r.type', '=', type ?? 0))
      .$if(card !== undefined, (q) =>
        q.where((row) => row.or([row('r.card_id', '=', card ?? 0), row('r.to_card_id', '=', card ?? 0)])),
      )
      .select((eb) => [
        eb.fn.countAll<Figure>().as('records'),
        eb.fn.sum<Figure>('r.price_cents').as('cents'),
      ]);
    const split = { column: MONEY_COLUMNS.type, values: MONEY_TYPES.length };
    const found = await grouped(this.q, rows, query.groupBy, MONEY_COLUMNS, this.periodOf('r'), limit, split);
    return folded(
      found,
      NO_MONEY,
      (sum, row) => {
        const into = MONEY_FIGURE[choice('money_records', 'type', row.within, MONEY_TYPES)];
        return { ...sum, records: sum.records + figure(row.records), [into]: sum[into] + figure(row.cents) };
      },
      limit,
    );
  }

  /** Each group's rows split by status: a row's count is its status's. */
  async tasks(userId: UserId, query: TasksReportQuery, limit: number): Promise<Group<TasksFigures>[]> {
    const filters = filtersOf(this.dialect, query);
    const tasks = this.q.db
      .selectFrom('tasks as t')
      .$if(filters.needsJoins, (q) =>
        q.leftJoin('projects as p', 'p.id', 't.project_id').leftJoin('clients as c', 'c.id', 't.client_id'),
      )
      .where(visibleTo(userId));
    const rows = where(tasks, filters.conditions).select((eb) => [
      eb.fn.countAll<Figure>().as('tasks'),
      eb.fn.sum<Figure>('t.time_planned').as('seconds_planned'),
      eb.fn.sum<Figure>('t.price_planned_cents').as('price_planned'),
    ]);
    const split = { column: TASK_COLUMNS.status, values: TASK_STATUSES.length };
    const found = await grouped(this.q, rows, query.groupBy, TASK_COLUMNS, this.periodOf('t'), limit, split);
    return folded(
      found,
      NO_TASKS,
      (sum, row) => {
        const count = figure(row.tasks);
        const status = STATUS_FIGURE[choice('tasks', 'status', row.within, TASK_STATUSES)];
        return {
          tasks: sum.tasks + count,
          byStatus: { ...sum.byStatus, [status]: sum.byStatus[status] + count },
          secondsPlanned: sum.secondsPlanned + figure(row.seconds_planned),
          pricePlannedCents: sum.pricePlannedCents + figure(row.price_planned),
        };
      },
      limit,
    );
  }

  /** A period of the `date` of the table aliased `table`. */
  private periodOf(table: 'r' | 't') {
    const date = table === 'r' ? r.ref('r.date') : t.ref('t.date');
    return (period: Period): KeyValue => this.dialect.period(date, period);
  }
}
