import { type AliasableExpression, expressionBuilder } from 'kysely';
import type {
  ReportReadModel,
  TimeReportKey,
  TimesGroup,
  TimesReportQuery,
} from '../../../../application/ports/report-read-model.port.js';
import { PERIODS, type Period } from '../../../../domain/report/periods.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { Statements } from '../orm-runner.js';
import type { Database } from '../schemas/database.js';
import type { SqlDialect } from '../sql-dialect.js';
import { linkFilters } from './sql-record-read-model.js';

const r = expressionBuilder<{ r: Database['time_records'] }, 'r'>();

const isPeriod = (key: string): key is Period => PERIODS.some((period) => period === key);

const REFERENCE_COLUMN = {
  client: r.ref('r.client_id'),
  project: r.ref('r.project_id'),
  category: r.ref('r.category_id'),
  task: r.ref('r.task_id'),
} satisfies Record<TimeReportKey, AliasableExpression<number | null>>;

/** A report has at most three keys; each is selected, grouped and ordered under its own name. */
const KEY_NAMES = ['key_0', 'key_1', 'key_2'] as const;

/** A count or a sum as the driver answers it: PostgreSQL's bigint and numeric arrive as text. */
const figure = (value: number | string | bigint | null): number => Number(value ?? 0);

/** The reports as one statement each: grouped, summed and ordered by the database. */
export class SqlReportReadModel implements ReportReadModel {
  constructor(
    private readonly q: Statements,
    private readonly dialect: SqlDialect,
  ) {}

  async times(ownerId: UserId, query: TimesReportQuery, limit: number): Promise<readonly TimesGroup[]> {
    const keys = query.groupBy.map((key, index) => {
      const value: AliasableExpression<number | string | null> = isPeriod(key)
        ? this.dialect.period(r.ref('r.date'), key)
        : REFERENCE_COLUMN[key];
      return { name: KEY_NAMES[index] ?? 'key_0', value };
    });
    let statement = linkFilters(
      this.q.db.selectFrom('time_records as r').where('r.owner_id', '=', ownerId),
      query,
    )
      .select((eb) => [
        eb.fn.countAll<number | string>().as('records'),
        eb.fn.sum<number | string | null>('r.time_really').as('seconds'),
        ...keys.map(({ name, value }) => value.as(name)),
      ])
      // Without keys, an aggregate of no rows is still one row: only groups with records appear.
      .having((eb) => eb.fn.countAll(), '>', 0)
      .limit(limit);
    for (const { name } of keys)
      statement = statement.groupBy(name).orderBy(name, (order) => order.asc().nullsLast());
    const rows = await this.q.all(statement);
    return rows.map((row) => ({
      key: keys.map(({ name }) => row[name] ?? null),
      records: figure(row.records),
      seconds: figure(row.seconds),
    }));
  }
}
