import { pagination } from '../adapters/http/envelope.js';
import { serverInstant } from '../adapters/http/presenters/wire-values.js';
import { type Duration, formatDuration } from '../domain/shared/duration.js';
import { formatClientTaskId } from '../domain/task/task.js';
import type { Row } from './sql-client.js';

/**
 * The contract's wire format, written by hand from the columns as the driver hands them over, so
 * that the SQL ceiling answers the very bytes the service does (the bench checks that it does):
 * a ceiling that answered less would measure less work. PostgreSQL hands BIGINT over as text and
 * booleans as booleans; SQLite both as numbers.
 */
const instant = (value: unknown): string => serverInstant(new Date(Number(value)));
const instantOrNull = (value: unknown): string | null => (value === null ? null : instant(value));
/** Stored `YYYY-MM-DD HH:MM:SS`, or a bare day, which means its midnight. */
const wallClock = (value: unknown): string | null =>
  value === null ? null : String(value).length === 10 ? `${value} 00:00:00` : String(value);
const duration = (value: unknown): string => formatDuration(Number(value) as Duration);
const flag = (value: unknown): 0 | 1 => (value === true || Number(value) === 1 ? 1 : 0);
const integerOrNull = (value: unknown): number | null => (value === null ? null : Number(value));

export const wireTask = (row: Row) => ({
  id: Number(row.id),
  owner_id: Number(row.owner_id),
  client_task_id: Number(row.client_task_id),
  client_task_id_formatted: formatClientTaskId(Number(row.client_task_id)),
  title: row.title,
  description: row.description,
  date: wallClock(row.date),
  priority: Number(row.priority),
  status: Number(row.status),
  active: flag(row.active),
  project_id: integerOrNull(row.project_id),
  client_id: integerOrNull(row.client_id),
  category_id: integerOrNull(row.category_id),
  assignee_id: integerOrNull(row.assignee_id),
  time_planned: row.time_planned === null ? null : duration(row.time_planned),
  price_planned: row.price_planned_cents === null ? null : Number(row.price_planned_cents) / 100,
  completed_at: instantOrNull(row.completed_at),
  created_at: instant(row.created_at),
  updated_at: instant(row.updated_at),
});

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

export const wireTime = (row: Row) => ({
  id: Number(row.id),
  time_really: duration(row.time_really),
  description: row.description,
  date: wallClock(row.date),
  client_id: integerOrNull(row.client_id),
  project_id: integerOrNull(row.project_id),
  task_id: integerOrNull(row.task_id),
  category_id: integerOrNull(row.category_id),
  created_at: instant(row.created_at),
  updated_at: instant(row.updated_at),
});

/** `{success, data: {<name>: items, pagination}}`, as the service lists. */
export const wirePage = <T>(
  name: string,
  items: readonly T[],
  total: number,
  limit: number,
  offset: number,
) =>
  JSON.stringify({
    success: true,
    data: { [name]: items, pagination: pagination({ limit, offset, total, nextCursor: null }) },
  });
