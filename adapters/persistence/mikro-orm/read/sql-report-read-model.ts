import { type AliasableExpression, type Expression, expressionBuilder, type SqlBool } from 'kysely';
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
import { PERIODS, type Period } from '../../../../domain/report/periods.js';
import type { UserId } from '../../../../domain/task/task.js';
import { TaskStatus } from '../../../../domain/task/task-status.js';
import type { Statements } from '../orm-runner.js';
import type { Database } from '../schemas/database.js';
import type { Selection, SqlDialect } from '../sql-dialect.js';
import { linkFilters } from './sql-record-read-model.js';
import { filtersOf, visibleTo, where } from './sql-task-read-model.js';

const r = expressionBuilder<{ r: Database['time_records'] & Database['money_records'] }, 'r'>();
const t = expressionBuilder<{ t: Database['tasks'] }, 't'>();

type KeyValue = AliasableExpression<number | string | null>;

const isPeriod = (key: string): key is Period => PERIODS.some((period) => period === key);

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

/** A report has at most three keys; each is selected, grouped and ordered under its own name. */
const KEY_NAMES = ['key_0', 'key_1', 'key_2'] as const;
type KeyColumns = { readonly [N in (typeof KEY_NAMES)[number]]?: number | string | null };

/** A count or a sum as the driver answers it: PostgreSQL's bigint and numeric arrive as text. */
type Figure = number | string | bigint;
const figure = (value: Figure | null): number => Number(value ?? 0);

/**
 * `rows` added up in groups of `groupBy` (each a column of `columns`, or a period of `date`): one
 * statement, ordered by the keys (nulls last), only groups with rows, at most `limit` of them.
 */
const grouped = async <K extends string, M>(
  q: Statements,
  rows: Selection<M>,
  groupBy: readonly (K | Period)[],
  columns: Record<K, KeyValue>,
  period: (period: Period) => KeyValue,
  limit: number,
): Promise<(M & { readonly key: GroupKey })[]> => {
  const keys = groupBy.map((key, index) => ({
    name: KEY_NAMES[index] ?? 'key_0',
    value: isPeriod(key) ? period(key) : columns[key],
  }));
  let statement = rows
    .select(keys.map(({ name, value }) => value.as(name)))
    // Without keys, an aggregate of no rows is still one row: only groups with records appear.
    .having((eb) => eb.fn.countAll(), '>', 0)
    .limit(limit)
    .$castTo<M & KeyColumns>();
  for (const { name } of keys)
    statement = statement.groupBy(name).orderBy(name, (order) => order.asc().nullsLast());
  const found = await q.all(statement);
  return found.map((row) => ({ ...row, key: keys.map(({ name }) => row[name] ?? null) }));
};

/** A sum of the rows where `when` holds. */
const sumWhen = (when: Expression<SqlBool>, value: Expression<number | null>) =>
  r.fn.sum<Figure>(r.case().when(when).then(value).else(0).end());
const countStatus = (status: number) =>
  t.fn.sum<Figure>(t.case().when('t.status', '=', status).then(1).else(0).end());

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

  async moneys(ownerId: UserId, query: MoneysReportQuery, limit: number): Promise<Group<MoneysFigures>[]> {
    const { type, card } = query;
    const price = r.ref('r.price_cents');
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
        sumWhen(r('r.type', '=', 1), price).as('income'),
        sumWhen(r('r.type', '=', 2), price).as('expense'),
        sumWhen(r('r.type', '=', 3), price).as('transfers'),
      ]);
    const groups = await grouped(this.q, rows, query.groupBy, MONEY_COLUMNS, this.periodOf('r'), limit);
    return groups.map((group) => ({
      key: group.key,
      records: figure(group.records),
      incomeCents: figure(group.income),
      expenseCents: figure(group.expense),
      transferCents: figure(group.transfers),
    }));
  }

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
      countStatus(TaskStatus.New).as('new'),
      countStatus(TaskStatus.InProgress).as('in_progress'),
      countStatus(TaskStatus.Done).as('done'),
      countStatus(TaskStatus.Cancelled).as('cancelled'),
      eb.fn.sum<Figure>('t.time_planned').as('seconds_planned'),
      eb.fn.sum<Figure>('t.price_planned_cents').as('price_planned'),
    ]);
    const groups = await grouped(this.q, rows, query.groupBy, TASK_COLUMNS, this.periodOf('t'), limit);
    return groups.map((group) => ({
      key: group.key,
      tasks: figure(group.tasks),
      byStatus: {
        new: figure(group.new),
        inProgress: figure(group.in_progress),
        done: figure(group.done),
        cancelled: figure(group.cancelled),
      },
      secondsPlanned: figure(group.seconds_planned),
      pricePlannedCents: figure(group.price_planned),
    }));
  }

  /** A period of the `date` of the table aliased `table`. */
  private periodOf(table: 'r' | 't') {
    const date = table === 'r' ? r.ref('r.date') : t.ref('t.date');
    return (period: Period): KeyValue => this.dialect.period(date, period);
  }
}
