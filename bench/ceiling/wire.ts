/**
 * The contract's wire format, written for the ceiling alone from the columns as the driver hands
 * them over (PostgreSQL: BIGINT as text, booleans as booleans; SQLite: both as numbers), so that it
 * answers what the service answers (the bench checks it does): a ceiling answering less would
 * measure less work.
 */
import type { Row } from './driver.js';

const two = (n: number) => String(n).padStart(2, '0');
/** `YYYY-MM-DD HH:MM:SS`, UTC. */
const instant = (value: unknown): string => {
  const d = new Date(Number(value));
  return `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
};
const instantOrNull = (value: unknown) => (value === null ? null : instant(value));
const wallClock = (value: unknown): string | null =>
  value === null ? null : String(value).length === 10 ? `${value} 00:00:00` : String(value);
export const duration = (value: unknown): string => {
  const s = Number(value);
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
};
const flag = (value: unknown): 0 | 1 => (value === true || Number(value) === 1 ? 1 : 0);
const idOrNull = (value: unknown): number | null => (value === null ? null : Number(value));

export const TASK_COLUMNS = [
  'id',
  'owner_id',
  'client_task_id',
  'title',
  'description',
  'date',
  'priority',
  'status',
  'active',
  'project_id',
  'client_id',
  'category_id',
  'assignee_id',
  'time_planned',
  'price_planned_cents',
  'completed_at',
  'created_at',
  'updated_at',
  'version',
];

export const wireTask = (row: Row) => ({
  id: Number(row.id),
  owner_id: Number(row.owner_id),
  client_task_id: Number(row.client_task_id),
  client_task_id_formatted: `#${row.client_task_id}`,
  title: row.title,
  description: row.description,
  date: wallClock(row.date),
  priority: Number(row.priority),
  status: Number(row.status),
  active: flag(row.active),
  project_id: idOrNull(row.project_id),
  client_id: idOrNull(row.client_id),
  category_id: idOrNull(row.category_id),
  assignee_id: idOrNull(row.assignee_id),
  time_planned: row.time_planned === null ? null : duration(row.time_planned),
  price_planned: row.price_planned_cents === null ? null : Number(row.price_planned_cents) / 100,
  completed_at: instantOrNull(row.completed_at),
  created_at: instant(row.created_at),
  updated_at: instant(row.updated_at),
});

export const CLIENT_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'description',
  'active',
  'created_at',
  'updated_at',
];

export const wireClient = (row: Row) => ({
  id: Number(row.id),
  name: row.name,
  email: row.email,
  phone: row.phone,
  description: row.description,
  active: flag(row.active),
  created_at: instant(row.created_at),
  updated_at: instant(row.updated_at),
});

export interface PageOf {
  readonly limit: number;
  /** null for a page asked by cursor. */
  readonly offset: number | null;
  readonly total: number;
  readonly nextCursor: string | null;
}

export const wirePage = (name: string, items: readonly object[], page: PageOf): string =>
  JSON.stringify({
    success: true,
    data: {
      [name]: items,
      pagination: {
        limit: page.limit,
        offset: page.offset,
        total: page.total,
        has_more: page.nextCursor !== null,
        next_cursor: page.nextCursor,
      },
    },
  });

export const wireOne = (name: string, item: object): string =>
  JSON.stringify({ success: true, data: { [name]: item } });
