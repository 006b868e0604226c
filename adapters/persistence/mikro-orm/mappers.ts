import type { ApiKey } from '../../../domain/api-key/api-key.js';
import { parseScope, type Scope } from '../../../domain/api-key/scope.js';
import type { Duration } from '../../../domain/shared/duration.js';
import type { LocalDateTime } from '../../../domain/shared/local-date-time.js';
import type { Cents } from '../../../domain/shared/money.js';
import { parseTimeZone, UTC } from '../../../domain/shared/time-zone.js';
import type { StatusHistoryEntry } from '../../../domain/task/status-change.js';
import { type NewTask, numberingScope, type Task } from '../../../domain/task/task.js';
import type { TaskPriority } from '../../../domain/task/task-priority.js';
import type { TaskStatus } from '../../../domain/task/task-status.js';
import type { TaskTitle } from '../../../domain/task/task-title.js';
import type { User } from '../../../domain/user/user.js';
import type { TaskHistoryRecord, TaskRecord } from './schemas/task.schemas.js';
import type { ApiKeyRecord, UserRecord } from './schemas/user.schemas.js';

/**
 * Rows reach us from MikroORM (typed) and from raw prepared statements (PostgreSQL returns BIGINT
 * as text, SQLite booleans as 0/1), so every mapper normalises numbers and flags itself.
 */
type Loose<T> = { readonly [K in keyof T]?: unknown };

const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
const dateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(Number(value));
const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

export const taskFromRecord = (row: Loose<TaskRecord>): Task => ({
  id: num(row.id),
  ownerId: num(row.ownerId),
  clientTaskId: num(row.clientTaskId),
  title: String(row.title) as TaskTitle,
  description: textOrNull(row.description),
  date: textOrNull(row.date) as LocalDateTime | null,
  priority: num(row.priority) as TaskPriority,
  status: num(row.status) as TaskStatus,
  active: Boolean(row.active),
  projectId: numOrNull(row.projectId),
  clientId: numOrNull(row.clientId),
  categoryId: numOrNull(row.categoryId),
  assigneeId: numOrNull(row.assigneeId),
  timePlanned: numOrNull(row.timePlanned) as Duration | null,
  pricePlanned: numOrNull(row.pricePlannedCents) as Cents | null,
  completedAt: dateOrNull(row.completedAt),
  createdAt: new Date(num(row.createdAt)),
  updatedAt: new Date(num(row.updatedAt)),
  version: num(row.version),
});

/** Writable columns of a task (id and version belong to the database). */
export const taskToRecord = (task: NewTask): Omit<TaskRecord, 'id' | 'version'> => ({
  ownerId: task.ownerId,
  clientTaskId: task.clientTaskId,
  numberScope: numberingScope(task),
  title: task.title,
  description: task.description,
  date: task.date,
  priority: task.priority,
  status: task.status,
  active: task.active,
  projectId: task.projectId,
  clientId: task.clientId,
  categoryId: task.categoryId,
  assigneeId: task.assigneeId,
  timePlanned: task.timePlanned,
  pricePlannedCents: task.pricePlanned,
  completedAt: task.completedAt?.getTime() ?? null,
  createdAt: task.createdAt.getTime(),
  updatedAt: task.updatedAt.getTime(),
});

/** Column list for raw task queries, aliased to the record's property names. */
export const TASK_COLUMNS = [
  ['id', 'id'],
  ['owner_id', 'ownerId'],
  ['client_task_id', 'clientTaskId'],
  ['title', 'title'],
  ['description', 'description'],
  ['date', 'date'],
  ['priority', 'priority'],
  ['status', 'status'],
  ['active', 'active'],
  ['project_id', 'projectId'],
  ['client_id', 'clientId'],
  ['category_id', 'categoryId'],
  ['assignee_id', 'assigneeId'],
  ['time_planned', 'timePlanned'],
  ['price_planned_cents', 'pricePlannedCents'],
  ['completed_at', 'completedAt'],
  ['created_at', 'createdAt'],
  ['updated_at', 'updatedAt'],
  ['version', 'version'],
] as const;

export const historyFromRecord = (row: Loose<TaskHistoryRecord>): StatusHistoryEntry => ({
  id: num(row.id),
  taskId: num(row.taskId),
  from: numOrNull(row.fromStatus) as TaskStatus | null,
  to: num(row.toStatus) as TaskStatus,
  changedBy: num(row.changedBy),
  changedAt: new Date(num(row.changedAt)),
});

export const userFromRecord = (row: UserRecord): User => ({
  id: row.id,
  name: row.name,
  timezone: parseTimeZone(row.timezone) ?? UTC,
  createdAt: new Date(row.createdAt),
});

export const scopesFromText = (text: string): Scope[] =>
  text
    .split(',')
    .map(parseScope)
    .filter((scope): scope is Scope => scope !== null);

export const apiKeyFromRecord = (row: Loose<ApiKeyRecord>): ApiKey => ({
  id: num(row.id),
  userId: num(row.userId),
  digest: String(row.digest),
  displayPrefix: String(row.displayPrefix),
  scopes: scopesFromText(String(row.scopes)),
  createdAt: new Date(num(row.createdAt)),
  expiresAt: dateOrNull(row.expiresAt),
  revokedAt: dateOrNull(row.revokedAt),
  lastUsedAt: dateOrNull(row.lastUsedAt),
});

export const apiKeyToRecord = (key: Omit<ApiKey, 'id'>): Omit<ApiKeyRecord, 'id'> => ({
  userId: key.userId,
  digest: key.digest,
  displayPrefix: key.displayPrefix,
  scopes: key.scopes.join(','),
  createdAt: key.createdAt.getTime(),
  expiresAt: key.expiresAt?.getTime() ?? null,
  revokedAt: key.revokedAt?.getTime() ?? null,
  lastUsedAt: key.lastUsedAt?.getTime() ?? null,
});
