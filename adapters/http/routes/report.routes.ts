import { timesReportInput } from '../../../application/reports/report.codecs.js';
import { object } from '../../../application/shared/codecs.js';
import { textChoice } from '../../../application/shared/fields.js';
import { success } from '../envelope.js';
import type { JsonSchema } from '../openapi/json-schema.js';
import { closedObject, ID } from '../openapi/response-schemas.js';
import { presentTimesReport, timesReportCsv } from '../presenters/report.presenter.js';
import { type Route, respondList, withInput } from '../route.js';
import { wireQuery } from '../wire/wire-codecs.js';

/** How a report is written: the envelope's JSON, or CSV for a spreadsheet. */
const format = textChoice(
  'ReportFormat',
  ['json', 'csv'] as const,
  'Default json; csv: text/csv, one row per group',
);

const timesReportQuery = wireQuery(
  object('TimesReportRequest', { ...timesReportInput.fields, format }, { unknownCode: 'UNKNOWN_PARAMETER' }),
);

const CSV_HEADERS = {
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': 'attachment; filename="times-report.csv"',
};

const MEASURES = {
  records: { type: 'integer', minimum: 0, description: 'How many records the group holds.' },
  seconds: { type: 'integer', minimum: 0, description: 'The sum of their `time_really`, in seconds.' },
  time_really: {
    type: 'string',
    pattern: '^\\d{2,}:[0-5]\\d:[0-5]\\d$',
    description: 'The same sum as `HH:MM:SS`, the hours as many as they are.',
  },
} as const;

const orNone = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });
const period = (pattern: string): JsonSchema => orNone({ type: 'string', pattern });

/** A group's key: one field per key of `group_by`, null where a record has no such reference or no date. */
const KEY_VALUE: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    client_id: orNone(ID),
    project_id: orNone(ID),
    category_id: orNone(ID),
    task_id: orNone(ID),
    day: period('^\\d{4}-\\d{2}-\\d{2}$'),
    week: period('^\\d{4}-W\\d{2}$'),
    month: period('^\\d{4}-\\d{2}$'),
    year: period('^\\d{4}$'),
  },
};

export const reportRoutes: readonly Route[] = [
  {
    method: 'GET',
    url: '/v1/reports/times',
    operation: { group: 'times', name: 'report' },
    doc: {
      tag: 'Reports',
      operationId: 'reports.times',
      summary: 'Time totals',
      description:
        'The time records the times list shows with the same filters (over all its pages), added up by the database in groups of `group_by` (absent: one group of everything). Groups are ordered by their key fields in `group_by` order, ascending, null last; only groups with records appear; `totals` is the sum of the groups. More than 10,000 groups: 400 `REPORT_TOO_LARGE`. `format=csv` answers the same as CSV.',
      query: timesReportQuery,
      answer: {
        status: 200,
        data: closedObject({
          group_by: { type: 'array', items: { type: 'string' }, description: 'The keys, as asked.' },
          groups: { type: 'array', items: closedObject({ key: KEY_VALUE, ...MEASURES }) },
          totals: closedObject(MEASURES),
        }),
        example: {
          group_by: ['client', 'month'],
          groups: [
            {
              key: { client_id: 3, month: '2026-11' },
              records: 12,
              seconds: 45_000,
              time_really: '12:30:00',
            },
          ],
          totals: { records: 12, seconds: 45_000, time_really: '12:30:00' },
        },
        csv: 'client_id,month,records,seconds,time_really\r\n3,2026-11,12,45000,12:30:00\r\n',
        etag: true,
      },
    },
    handle: ({ session, query, ifNoneMatch }) =>
      withInput(timesReportQuery, query, ({ format: written = 'json', ...input }) =>
        respondList(
          ifNoneMatch,
          (known) => session.reports.timesIfChanged(known, input),
          (report) => (written === 'csv' ? timesReportCsv(report) : success(presentTimesReport(report))),
          { as: written, headers: written === 'csv' ? CSV_HEADERS : {} },
        ),
      ),
  },
];
