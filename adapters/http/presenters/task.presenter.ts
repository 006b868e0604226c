import { formatDuration } from '../../../domain/shared/duration.js';
import { formatInstantUtc } from '../../../domain/shared/local-date-time.js';
import { centsToNumber } from '../../../domain/shared/money.js';
import type { StatusHistoryEntry } from '../../../domain/task/status-change.js';
import { formatClientTaskId, type Task } from '../../../domain/task/task.js';

export const presentTask = (task: Task) => ({
  id: task.id,
  owner_id: task.ownerId,
  client_task_id: task.clientTaskId,
  client_task_id_formatted: formatClientTaskId(task.clientTaskId),
  title: task.title,
  description: task.description,
  date: task.date,
  priority: task.priority,
  status: task.status,
  active: task.active ? 1 : 0,
  project_id: task.projectId,
  client_id: task.clientId,
  category_id: task.categoryId,
  assignee_id: task.assigneeId,
  time_planned: task.timePlanned === null ? null : formatDuration(task.timePlanned),
  price_planned: task.pricePlanned === null ? null : centsToNumber(task.pricePlanned),
  completed_at: task.completedAt === null ? null : formatInstantUtc(task.completedAt),
  created_at: formatInstantUtc(task.createdAt),
  updated_at: formatInstantUtc(task.updatedAt),
});

export const presentHistoryEntry = (entry: StatusHistoryEntry) => ({
  id: entry.id,
  task_id: entry.taskId,
  from_status: entry.from,
  to_status: entry.to,
  changed_by: entry.changedBy,
  changed_at: formatInstantUtc(entry.changedAt),
});
