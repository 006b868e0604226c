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

export const presentHistoryEntry = (entry: StatusHistoryEntry) => ({
  id: entry.id,
  task_id: entry.taskId,
  from_status: entry.from,
  to_status: entry.to,
  changed_by: entry.changedBy,
  changed_at: serverInstant(entry.changedAt),
});
