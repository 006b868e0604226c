import { formatDuration } from '../../../domain/shared/duration.js';
import type { StatusHistoryEntry } from '../../../domain/task/status-change.js';
import { formatClientTaskId, type Task } from '../../../domain/task/task.js';
import {
  flag,
  type NoneLeft,
  type SnakeCase,
  serverDateTime,
  serverInstant,
  serverInstantOrNull,
} from './wire-values.js';

/** The task as it travels. */
export const presentTask = (task: Task) => ({
  id: task.id,
  owner_id: task.ownerId,
  client_task_id: task.clientTaskId,
  client_task_id_formatted: formatClientTaskId(task.clientTaskId),
  title: task.title,
  description: task.description,
  date: serverDateTime(task.date),
  priority: task.priority,
  status: task.status,
  active: flag(task.active),
  project_id: task.projectId,
  client_id: task.clientId,
  category_id: task.categoryId,
  assignee_id: task.assigneeId,
  time_planned: task.timePlanned === null ? null : formatDuration(task.timePlanned),
  price_planned: task.pricePlanned,
  completed_at: serverInstantOrNull(task.completedAt),
  created_at: serverInstant(task.createdAt),
  updated_at: serverInstant(task.updatedAt),
});

/**
 * Every field of a task is on the wire, spelled in snake_case (its version travels as the ETag):
 * a field added to `Task` and not presented above is a compile error here that names it.
 */
export type EveryTaskFieldPresented = NoneLeft<
  Exclude<SnakeCase<Exclude<keyof Task, 'version'>>, keyof ReturnType<typeof presentTask>>
>;

/** A task as it travels, for the OpenAPI document: one value per field `presentTask` writes. */
export const TASK_EXAMPLE = {
  id: 42,
  owner_id: 1,
  client_task_id: 12,
  client_task_id_formatted: '#12',
  title: 'Send the November invoice',
  description: 'Hours from the time records, rates as agreed.',
  date: '2026-11-25 10:00:00',
  priority: 1,
  status: 1,
  active: 1,
  project_id: 7,
  client_id: 3,
  category_id: null,
  assignee_id: null,
  time_planned: '1:30:00',
  price_planned: 120.5,
  completed_at: null,
  created_at: '2026-11-20 09:15:00',
  updated_at: '2026-11-22 16:40:12',
} satisfies Record<keyof ReturnType<typeof presentTask>, unknown>;

export const presentHistoryEntry = (entry: StatusHistoryEntry) => ({
  id: entry.id,
  task_id: entry.taskId,
  from_status: entry.from,
  to_status: entry.to,
  changed_by: entry.changedBy,
  changed_at: serverInstant(entry.changedAt),
});
