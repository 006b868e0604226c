import type {
  GroupKey,
  MoneysFigures,
  TasksFigures,
  TimesFigures,
} from '../../../application/ports/report-read-model.port.js';
import type { Report } from '../../../application/reports/report.use-case.js';
import { formatDuration } from '../../../domain/shared/duration.js';

/** A key as the answer names it: a reference by its id field, the others by their own name. */
const KEY_FIELD: Readonly<Record<string, string>> = {
  client: 'client_id',
  project: 'project_id',
  category: 'category_id',
  task: 'task_id',
};

const keyField = (key: string): string => KEY_FIELD[key] ?? key;

/** Whole cents as the decimal amount they are (exact: a sum of cents stays below 2^53). */
const amount = (cents: number): number => cents / 100;

type Cell = string | number | null;

/** How one report's figures are written: as JSON members, and as CSV columns. */
export interface Measures<M> {
  readonly json: (figures: M) => Readonly<Record<string, unknown>>;
  readonly columns: readonly string[];
  readonly cells: (figures: M) => readonly Cell[];
}

export const TIMES_MEASURES: Measures<TimesFigures> = {
  json: (m) => ({ records: m.records, seconds: m.seconds, time_really: formatDuration(m.seconds) }),
  columns: ['records', 'seconds', 'time_really'],
  cells: (m) => [m.records, m.seconds, formatDuration(m.seconds)],
};

const moneyFigures = (m: MoneysFigures) => ({
  records: m.records,
  income: amount(m.incomeCents),
  expense: amount(m.expenseCents),
  transfers: amount(m.transferCents),
  net: amount(m.incomeCents - m.expenseCents),
});

export const MONEYS_MEASURES: Measures<MoneysFigures> = {
  json: moneyFigures,
  columns: ['records', 'income', 'expense', 'transfers', 'net'],
  cells: (m) => Object.values(moneyFigures(m)),
};

export const TASKS_MEASURES: Measures<TasksFigures> = {
  json: (m) => ({
    tasks: m.tasks,
    by_status: {
      new: m.byStatus.new,
      in_progress: m.byStatus.inProgress,
      done: m.byStatus.done,
      cancelled: m.byStatus.cancelled,
    },
    seconds_planned: m.secondsPlanned,
    time_planned: formatDuration(m.secondsPlanned),
    price_planned: amount(m.pricePlannedCents),
  }),
  columns: [
    'tasks',
    'new',
    'in_progress',
    'done',
    'cancelled',
    'seconds_planned',
    'time_planned',
    'price_planned',
  ],
  cells: (m) => [
    m.tasks,
    m.byStatus.new,
    m.byStatus.inProgress,
    m.byStatus.done,
    m.byStatus.cancelled,
    m.secondsPlanned,
    formatDuration(m.secondsPlanned),
    amount(m.pricePlannedCents),
  ],
};

const keyObject = (groupBy: readonly string[], key: GroupKey) =>
  Object.fromEntries(groupBy.map((name, index) => [keyField(name), key[index] ?? null]));

/** The answer's `data`: the keys asked for, each group's key and figures, and the totals. */
export const presentReport = <M>(measures: Measures<M>, report: Report<string, M>) => ({
  group_by: report.groupBy,
  groups: report.groups.map((group) => ({
    key: keyObject(report.groupBy, group.key),
    ...measures.json(group),
  })),
  totals: measures.json(report.totals),
});

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. */
const csvField = (value: Cell): string => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The header row (the key fields, then the measures) and one row per group, CRLF line ends. */
export const reportCsv = <M>(measures: Measures<M>, report: Report<string, M>): string =>
  [
    [...report.groupBy.map(keyField), ...measures.columns],
    ...report.groups.map((group) => [...group.key, ...measures.cells(group)]),
  ]
    .map((row) => `${row.map(csvField).join(',')}\r\n`)
    .join('');
