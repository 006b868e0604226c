import type * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type {
  MoneyReportKey,
  TaskReportKey,
  TimeReportKey,
} from '../../../application/ports/report-read-model.port.js';
import {
  moneysReportInput,
  tasksReportInput,
  timesReportInput,
} from '../../../application/reports/report.codecs.js';
import type { Report } from '../../../application/reports/report.use-case.js';
import type { AnyField } from '../../../application/shared/codecs.js';
import { type ObjectCodec, object } from '../../../application/shared/codecs.js';
import type { AppError } from '../../../application/shared/errors.js';
import { textChoice } from '../../../application/shared/fields.js';
import type { Unchanged, Versioned } from '../../../application/shared/list-version.js';
import type { AdmittedSession } from '../../../application/workspace/workspace.js';
import { PERIODS } from '../../../domain/report/periods.js';
import { success } from '../envelope.js';
import type { JsonSchema } from '../openapi/json-schema.js';
import { closedObject, ID } from '../openapi/response-schemas.js';
import {
  type Measures,
  MONEYS_MEASURES,
  presentReport,
  reportCsv,
  TASKS_MEASURES,
  TIMES_MEASURES,
} from '../presenters/report.presenter.js';
import { type Route, respondList, withInput } from '../route.js';
import { wireQuery } from '../wire/wire-codecs.js';

/** How a report is written: the envelope's JSON, or CSV for a spreadsheet. */
const format = textChoice(
  'ReportFormat',
  ['json', 'csv'] as const,
  'Default json; csv: text/csv, one row per group',
);

const orNone = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const periodSchema = (pattern: string): JsonSchema => orNone({ type: 'string', pattern });

/** Each key's field in a group's `key`: null where a record has no such reference or no date. */
const KEY_SCHEMAS: Readonly<Record<string, readonly [string, JsonSchema]>> = {
  client: ['client_id', orNone(ID)],
  project: ['project_id', orNone(ID)],
  category: ['category_id', orNone(ID)],
  task: ['task_id', orNone(ID)],
  card: ['card', orNone(ID)],
  type: ['type', { type: 'integer', enum: [1, 2, 3] }],
  status: ['status', { type: 'integer', enum: [0, 1, 2, 3] }],
  priority: ['priority', { type: 'integer' }],
  day: ['day', periodSchema('^\\d{4}-\\d{2}-\\d{2}$')],
  week: ['week', periodSchema('^\\d{4}-W\\d{2}$')],
  month: ['month', periodSchema('^\\d{4}-\\d{2}$')],
  year: ['year', periodSchema('^\\d{4}$')],
};

const keySchema = (keys: readonly string[]): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  description: 'One field per key of `group_by`.',
  properties: Object.fromEntries(
    [...keys, ...PERIODS].flatMap((key) => {
      const entry = KEY_SCHEMAS[key];
      return entry === undefined ? [] : [entry];
    }),
  ),
});

const COUNT = { type: 'integer', minimum: 0 } as const;
const AMOUNT = { type: 'number', description: 'A decimal sum, exact to the cent.' } as const;
const DURATION = {
  type: 'string',
  pattern: '^\\d{2,}:[0-5]\\d:[0-5]\\d$',
  description: '`HH:MM:SS`, the hours as many as they are.',
} as const;

// biome-ignore lint/suspicious/noExplicitAny: any application object codec
type AnyObjectCodec = ObjectCodec<any, any>;

interface ReportSpec<C extends AnyObjectCodec, K extends string, M> {
  readonly resource: 'times' | 'moneys' | 'tasks';
  readonly summary: string;
  readonly covers: string;
  readonly input: C;
  readonly keys: readonly K[];
  readonly measures: Measures<M>;
  readonly measureSchemas: Readonly<Record<string, JsonSchema>>;
  readonly example: { readonly data: unknown; readonly csv: string };
  readonly read: (
    session: AdmittedSession,
  ) => (
    version: string | undefined,
    input: t.TypeOf<C>,
  ) => Promise<E.Either<AppError, Versioned<Report<K, M>> | Unchanged>>;
}

const reportRoute = <C extends AnyObjectCodec, K extends string, M>(spec: ReportSpec<C, K, M>): Route => {
  const fields: Record<string, AnyField> = { ...spec.input.fields, format };
  const query = wireQuery(object(`${spec.input.name}Request`, fields, { unknownCode: 'UNKNOWN_PARAMETER' }));
  const csvHeaders = {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${spec.resource}-report.csv"`,
  };
  return {
    method: 'GET',
    url: `/v1/reports/${spec.resource}`,
    operation: { group: spec.resource, name: 'report' },
    doc: {
      tag: 'Reports',
      operationId: `reports.${spec.resource}`,
      summary: spec.summary,
      description: `${spec.covers} (over all its pages), added up by the database in groups of \`group_by\` (absent: one group of everything). Groups are ordered by their key fields in \`group_by\` order, ascending, null last; only groups with records appear; \`totals\` is the sum of the groups. More than 10,000 groups: 400 \`REPORT_TOO_LARGE\`. \`format=csv\` answers the same as CSV: a header row (the key fields, then the measures), one row per group.`,
      query,
      answer: {
        status: 200,
        data: closedObject({
          group_by: { type: 'array', items: { type: 'string' }, description: 'The keys, as asked.' },
          groups: {
            type: 'array',
            items: closedObject({ key: keySchema(spec.keys), ...spec.measureSchemas }),
          },
          totals: closedObject(spec.measureSchemas),
        }),
        example: spec.example.data,
        csv: spec.example.csv,
        etag: true,
      },
    },
    handle: ({ session, query: given, ifNoneMatch }) =>
      withInput(query, given, ({ format: written = 'json', ...input }) =>
        respondList(
          ifNoneMatch,
          // trust boundary: the wire codec's output without `format` is the report's own input.
          (known) => spec.read(session)(known, input as t.TypeOf<C>),
          (report) =>
            written === 'csv'
              ? reportCsv(spec.measures, report)
              : success(presentReport(spec.measures, report)),
          { as: written === 'csv' ? 'csv' : 'json', headers: written === 'csv' ? csvHeaders : {} },
        ),
      ),
  };
};

const TIME_KEYS: readonly TimeReportKey[] = ['client', 'project', 'category', 'task'];
const MONEY_KEYS: readonly MoneyReportKey[] = ['client', 'project', 'category', 'task', 'card', 'type'];
const TASK_KEYS: readonly TaskReportKey[] = ['client', 'project', 'category', 'status', 'priority'];

export const reportRoutes: readonly Route[] = [
  reportRoute({
    resource: 'times',
    summary: 'Time totals',
    covers: 'The time records the times list shows with the same filters',
    input: timesReportInput,
    keys: TIME_KEYS,
    measures: TIMES_MEASURES,
    measureSchemas: { records: COUNT, seconds: COUNT, time_really: DURATION },
    example: {
      data: {
        group_by: ['client', 'month'],
        groups: [
          { key: { client_id: 3, month: '2026-11' }, records: 12, seconds: 45_000, time_really: '12:30:00' },
        ],
        totals: { records: 12, seconds: 45_000, time_really: '12:30:00' },
      },
      csv: 'client_id,month,records,seconds,time_really\r\n3,2026-11,12,45000,12:30:00\r\n',
    },
    read: (session) => (known, input) => session.reports.timesIfChanged(known, input),
  }),
  reportRoute({
    resource: 'moneys',
    summary: 'Money totals',
    covers: 'The money records the money list shows with the same filters',
    input: moneysReportInput,
    keys: MONEY_KEYS,
    measures: MONEYS_MEASURES,
    measureSchemas: {
      records: COUNT,
      income: AMOUNT,
      expense: AMOUNT,
      transfers: AMOUNT,
      net: { ...AMOUNT, description: '`income − expense`.' },
    },
    example: {
      data: {
        group_by: ['month'],
        groups: [
          { key: { month: '2026-11' }, records: 3, income: 1200, expense: 310.5, transfers: 0, net: 889.5 },
        ],
        totals: { records: 3, income: 1200, expense: 310.5, transfers: 0, net: 889.5 },
      },
      csv: 'month,records,income,expense,transfers,net\r\n2026-11,3,1200,310.5,0,889.5\r\n',
    },
    read: (session) => (known, input) => session.reports.moneysIfChanged(known, input),
  }),
  reportRoute({
    resource: 'tasks',
    summary: 'Task totals',
    covers: 'The tasks the task list shows with the same filters (owned or assigned)',
    input: tasksReportInput,
    keys: TASK_KEYS,
    measures: TASKS_MEASURES,
    measureSchemas: {
      tasks: COUNT,
      by_status: closedObject({ new: COUNT, in_progress: COUNT, done: COUNT, cancelled: COUNT }),
      seconds_planned: COUNT,
      time_planned: DURATION,
      price_planned: AMOUNT,
    },
    example: {
      data: {
        group_by: ['status'],
        groups: [
          {
            key: { status: 1 },
            tasks: 4,
            by_status: { new: 0, in_progress: 4, done: 0, cancelled: 0 },
            seconds_planned: 28_800,
            time_planned: '08:00:00',
            price_planned: 640,
          },
        ],
        totals: {
          tasks: 4,
          by_status: { new: 0, in_progress: 4, done: 0, cancelled: 0 },
          seconds_planned: 28_800,
          time_planned: '08:00:00',
          price_planned: 640,
        },
      },
      csv: 'status,tasks,new,in_progress,done,cancelled,seconds_planned,time_planned,price_planned\r\n1,4,0,4,0,0,28800,08:00:00,640\r\n',
    },
    read: (session) => (known, input) => session.reports.tasksIfChanged(known, input),
  }),
];
