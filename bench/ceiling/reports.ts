/**
 * The reports as a careful engineer would write them by hand (CONTRACT §12): one grouped statement
 * on the table, the caller's change sequence for the ETag, and the answer written straight from
 * the rows. Only what the bench asks: times by client and month, tasks by status, with the filters
 * its requests vary.
 */
import type { Row } from './driver.js';
import { duration } from './wire.js';

type Query = Record<string, string | undefined>;

const idOrNull = (value: unknown): number | null => (value === null ? null : Number(value));

/** The day bounds of the list filters, as dates are stored. */
const dateFilters = (q: Query, column: string, filters: string[], values: unknown[]) => {
  if (q.date_from !== undefined) {
    filters.push(`${column} >= ?`);
    values.push(`${q.date_from} 00:00:00`);
  }
  if (q.date_to !== undefined) {
    filters.push(`${column} <= ?`);
    values.push(`${q.date_to} 23:59:59`);
  }
};

export const timesByClientAndMonth = (user: number, q: Query) => {
  const filters = ['owner_id = ?'];
  const values: unknown[] = [user];
  if (q.client_id !== undefined) {
    filters.push('client_id = ?');
    values.push(Number(q.client_id));
  }
  dateFilters(q, 'date', filters, values);
  return {
    sql:
      'select client_id, substr(date, 1, 7) as month, count(*) as records, sum(time_really) as seconds ' +
      `from time_records where ${filters.join(' and ')} group by client_id, month ` +
      'order by client_id nulls last, month nulls last limit 10001',
    values,
  };
};

export const timesAnswer = (rows: readonly Row[]): string => {
  let records = 0;
  let seconds = 0;
  const groups = rows.map((row) => {
    const [count, sum] = [Number(row.records), Number(row.seconds ?? 0)];
    records += count;
    seconds += sum;
    return {
      key: { client_id: idOrNull(row.client_id), month: row.month ?? null },
      records: count,
      seconds: sum,
      time_really: duration(sum),
    };
  });
  return JSON.stringify({
    success: true,
    data: {
      group_by: ['client', 'month'],
      groups,
      totals: { records, seconds, time_really: duration(seconds) },
    },
  });
};

export const tasksByStatus = (user: number, q: Query) => {
  const filters = ['(owner_id = ? or assignee_id = ?)'];
  const values: unknown[] = [user, user];
  if (q.priority !== undefined) {
    filters.push('priority = ?');
    values.push(Number(q.priority));
  }
  if (q.project_id !== undefined) {
    filters.push('project_id = ?');
    values.push(Number(q.project_id));
  }
  dateFilters(q, 'date', filters, values);
  return {
    sql:
      'select status, count(*) as tasks, sum(time_planned) as seconds, sum(price_planned_cents) as cents ' +
      `from tasks where ${filters.join(' and ')} group by status order by status limit 10001`,
    values,
  };
};

const STATUS_NAMES = ['new', 'in_progress', 'done', 'cancelled'] as const;

export const tasksAnswer = (rows: readonly Row[]): string => {
  const totals = { tasks: 0, seconds: 0, cents: 0, byStatus: [0, 0, 0, 0] };
  const figures = (tasks: number, byStatus: readonly number[], seconds: number, cents: number) => ({
    tasks,
    by_status: Object.fromEntries(STATUS_NAMES.map((name, i) => [name, byStatus[i] ?? 0])),
    seconds_planned: seconds,
    time_planned: duration(seconds),
    price_planned: cents / 100,
  });
  const groups = rows.map((row) => {
    const status = Number(row.status);
    const [tasks, seconds, cents] = [Number(row.tasks), Number(row.seconds ?? 0), Number(row.cents ?? 0)];
    const byStatus = STATUS_NAMES.map((_, i) => (i === status ? tasks : 0));
    totals.tasks += tasks;
    totals.seconds += seconds;
    totals.cents += cents;
    totals.byStatus[status] = (totals.byStatus[status] ?? 0) + tasks;
    return { key: { status }, ...figures(tasks, byStatus, seconds, cents) };
  });
  return JSON.stringify({
    success: true,
    data: {
      group_by: ['status'],
      groups,
      totals: figures(totals.tasks, totals.byStatus, totals.seconds, totals.cents),
    },
  });
};
