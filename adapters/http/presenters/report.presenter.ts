import type { GroupKey } from '../../../application/ports/report-read-model.port.js';
import type { TimesReport, TimesTotals } from '../../../application/reports/times-report.use-case.js';

/** A key as the answer names it: a reference by its id field, a period by its own name. */
const KEY_FIELD: Readonly<Record<string, string>> = {
  client: 'client_id',
  project: 'project_id',
  category: 'category_id',
  task: 'task_id',
  card: 'card',
  type: 'type',
  status: 'status',
  priority: 'priority',
};

const keyField = (key: string): string => KEY_FIELD[key] ?? key;

/** `HH:MM:SS`, the hours as many as they are. */
const hoursMinutesSeconds = (seconds: number): string => {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
};

const timesMeasures = (figures: TimesTotals) => ({
  records: figures.records,
  seconds: figures.seconds,
  time_really: hoursMinutesSeconds(figures.seconds),
});

const keyObject = (groupBy: readonly string[], key: GroupKey) =>
  Object.fromEntries(groupBy.map((name, index) => [keyField(name), key[index] ?? null]));

export const presentTimesReport = (report: TimesReport) => ({
  group_by: report.groupBy,
  groups: report.groups.map((group) => ({
    key: keyObject(report.groupBy, group.key),
    ...timesMeasures(group),
  })),
  totals: timesMeasures(report.totals),
});

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. */
const csvField = (value: string | number | null): string => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const csvLines = (rows: readonly (readonly (string | number | null)[])[]): string =>
  rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');

/** The header row (the key fields, then the measures) and one row per group, CRLF line ends. */
export const timesReportCsv = (report: TimesReport): string =>
  csvLines([
    [...report.groupBy.map(keyField), 'records', 'seconds', 'time_really'],
    ...report.groups.map((group) => [
      ...group.key,
      group.records,
      group.seconds,
      hoursMinutesSeconds(group.seconds),
    ]),
  ]);
