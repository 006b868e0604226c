import type { Page, Paged } from '../../../application/ports/paging.js';
import type {
  TaskListQuery,
  TaskReadModel,
  TaskSort,
  TaskSortField,
} from '../../../application/ports/task-read-model.port.js';
import { dayOf } from '../../../domain/shared/local-date-time.js';
import type { StatusHistoryEntry } from '../../../domain/task/status-change.js';
import { isVisibleTo, type Task, type TaskId, type UserId } from '../../../domain/task/task.js';
import type { InMemoryDatabase } from './in-memory-database.js';
import type { InMemoryState } from './in-memory-state.js';
import { BY_ID, handedOut, type KeyOrder, pageOf } from './paging.js';

/** Task active and its project and client (where it has them) active too. */
const activeInCascade = (state: InMemoryState, task: Task): boolean =>
  task.active &&
  (task.projectId === null || state.projects.get(task.projectId)?.active !== false) &&
  (task.clientId === null || state.clients.get(task.clientId)?.active !== false);

const matches = (state: InMemoryState, task: Task, q: TaskListQuery, term: string | undefined): boolean => {
  const dated = q.date !== undefined || q.dateFrom !== undefined || q.dateTo !== undefined;
  const day = !dated || task.date === null ? null : dayOf(task.date);
  return (
    (q.status === undefined || task.status === q.status) &&
    (q.active === undefined || activeInCascade(state, task) === q.active) &&
    (q.projectId === undefined || task.projectId === q.projectId) &&
    (q.clientId === undefined || task.clientId === q.clientId) &&
    (q.categoryId === undefined || task.categoryId === q.categoryId) &&
    (q.clientTaskId === undefined || task.clientTaskId === q.clientTaskId) &&
    (q.assigneeId === undefined || task.assigneeId === q.assigneeId) &&
    (q.priority === undefined || task.priority === q.priority) &&
    (q.date === undefined || day === q.date) &&
    (q.dateFrom === undefined || (day !== null && day >= q.dateFrom)) &&
    (q.dateTo === undefined || (day !== null && day <= q.dateTo)) &&
    (q.updatedSince === undefined || task.updatedAt.getTime() >= q.updatedSince.getTime()) &&
    (term === undefined ||
      task.title.toLowerCase().includes(term) ||
      (task.description ?? '').toLowerCase().includes(term))
  );
};

type SortKey = (task: Task) => number | string | null;
const SORT_KEYS: Record<TaskSortField, SortKey> = {
  id: (t) => t.id,
  date: (t) => t.date,
  priority: (t) => t.priority,
  createdAt: (t) => t.createdAt.getTime(),
  updatedAt: (t) => t.updatedAt.getTime(),
};

/** Sorted by the key (nulls last in either direction), ties by id ascending. */
const orderOf = (sort: TaskSort): KeyOrder<Task> => {
  if (sort.by === 'id')
    return sort.direction === 'asc' ? BY_ID : { keyOf: (t) => [t.id], directions: ['desc'] };
  const key = SORT_KEYS[sort.by];
  return { keyOf: (t) => [key(t), t.id], directions: [sort.direction, 'asc'] };
};

export class InMemoryTaskReadModel implements TaskReadModel {
  constructor(private readonly database: InMemoryDatabase) {}

  async findVisible(userId: UserId, id: TaskId): Promise<Task | null> {
    const task = this.database.state.tasks.get(id);
    return task && isVisibleTo(task, userId) ? handedOut(task) : null;
  }

  async list(userId: UserId, query: TaskListQuery): Promise<Paged<Task>> {
    const state = this.database.state;
    const term = query.search?.toLowerCase();
    const found: Task[] = [];
    for (const task of state.tasks.values())
      if (isVisibleTo(task, userId) && matches(state, task, query, term)) found.push(task);
    return pageOf(found, query, orderOf(query.sort));
  }

  async history(taskId: TaskId, range: Page): Promise<Paged<StatusHistoryEntry>> {
    return pageOf(this.database.state.history.get(taskId) ?? [], range, BY_ID);
  }
}
