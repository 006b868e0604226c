import type { ApiKey } from '../../../domain/api-key/api-key.js';
import { parseScope, type Scope } from '../../../domain/api-key/scope.js';
import { parseTimeZone } from '../../../domain/shared/time-zone.js';
import type { StatusHistoryEntry } from '../../../domain/task/status-change.js';
import { type NewTask, numberingScope, type Task } from '../../../domain/task/task.js';
import { TASK_PRIORITIES } from '../../../domain/task/task-priority.js';
import { TASK_STATUSES } from '../../../domain/task/task-status.js';
import type { TaskTitle } from '../../../domain/task/task-title.js';
import type { User } from '../../../domain/user/user.js';
import { BoundedCache } from './bounded-cache.js';
import { type Row, RowReader, storedDateTime, storedMoney } from './row-decoding.js';
import type { TaskHistoryRecord, TaskRecord } from './schemas/task.schemas.js';
import type { ApiKeyRecord, UserRecord } from './schemas/user.schemas.js';

export const taskFromRecord = (row: Row): Task => {
  const read = new RowReader<keyof TaskRecord>('tasks', row);
  return {
    id: read.integer('id'),
    ownerId: read.integer('ownerId'),
    clientTaskId: read.integer('clientTaskId'),
    // A read does not parse each title again (a list would pay it per row).
    // trust boundary: titles are written only as TaskTitle, checked on the way in.
    title: read.text('title') as TaskTitle,
    description: read.textOrNull('description'),
    date: read.localDateTimeOrNull('date'),
    priority: read.choice('priority', TASK_PRIORITIES),
    status: read.choice('status', TASK_STATUSES),
    active: read.flag('active'),
    projectId: read.integerOrNull('projectId'),
    clientId: read.integerOrNull('clientId'),
    categoryId: read.integerOrNull('categoryId'),
    assigneeId: read.integerOrNull('assigneeId'),
    timePlanned: read.durationOrNull('timePlanned'),
    pricePlanned: read.moneyOrNull('pricePlannedCents'),
    completedAt: read.instantOrNull('completedAt'),
    createdAt: read.instant('createdAt'),
    updatedAt: read.instant('updatedAt'),
    version: read.integer('version'),
  };
};

/** Writable columns of a task (id and version belong to the database). */
export const taskToRecord = (task: NewTask): Omit<TaskRecord, 'id' | 'version'> => ({
  ownerId: task.ownerId,
  clientTaskId: task.clientTaskId,
  numberScope: numberingScope(task),
  title: task.title,
  description: task.description,
  date: storedDateTime(task.date),
  priority: task.priority,
  status: task.status,
  active: task.active,
  projectId: task.projectId,
  clientId: task.clientId,
  categoryId: task.categoryId,
  assigneeId: task.assigneeId,
  timePlanned: task.timePlanned,
  pricePlannedCents: storedMoney(task.pricePlanned),
  completedAt: task.completedAt?.getTime() ?? null,
  createdAt: task.createdAt.getTime(),
  updatedAt: task.updatedAt.getTime(),
});

export const historyFromRecord = (row: Row): StatusHistoryEntry => {
  const read = new RowReader<keyof TaskHistoryRecord>('task_status_history', row);
  return {
    id: read.integer('id'),
    taskId: read.integer('taskId'),
    from: read.integerOrNull('fromStatus') === null ? null : read.choice('fromStatus', TASK_STATUSES),
    to: read.choice('toStatus', TASK_STATUSES),
    changedBy: read.integer('changedBy'),
    changedAt: read.instant('changedAt'),
  };
};

export const userFromRecord = (row: Row): User => {
  const read = new RowReader<keyof UserRecord>('users', row);
  return {
    id: read.integer('id'),
    name: read.text('name'),
    timezone: read.parsed('timezone', parseTimeZone),
    createdAt: read.instant('createdAt'),
  };
};

const parseScopes = (text: string): readonly Scope[] | null => {
  const scopes = text.split(',').map(parseScope);
  return scopes.every((scope) => scope !== null)
    ? Object.freeze(scopes.filter((scope) => scope !== null))
    : null;
};

/** Every request reads its key's scopes; the few distinct lists in use are parsed once each. */
const parsedScopeLists = new BoundedCache<string, readonly Scope[] | null>(256);

const scopesOf = (text: string): readonly Scope[] | null => parsedScopeLists.getOrMake(text, parseScopes);

export const apiKeyFromRecord = (row: Row): ApiKey => {
  const read = new RowReader<keyof ApiKeyRecord>('api_keys', row);
  return {
    id: read.integer('id'),
    userId: read.integer('userId'),
    digest: read.text('digest'),
    displayPrefix: read.text('displayPrefix'),
    scopes: read.parsed('scopes', scopesOf),
    createdAt: read.instant('createdAt'),
    expiresAt: read.instantOrNull('expiresAt'),
    revokedAt: read.instantOrNull('revokedAt'),
    lastUsedAt: read.instantOrNull('lastUsedAt'),
  };
};

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
