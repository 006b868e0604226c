import { COUNT_HORIZON, type Page, type Paged } from '../../../application/ports/paging.js';
import type {
  TaskListQuery,
  TaskReadModel,
  TaskSort,
  TaskSortField,
} from '../../../application/ports/task-read-model.port.js';
import { dayOf } from '../../../domain/shared/local-date-time.js';
import type { StatusHistoryEntry } from '../../../domain/task/status-change.js';
import { isVisibleTo, type Task, type TaskId, type UserId } from '../../../domain/task/task.js';
import { importanceRank } from '../../../domain/task/task-priority.js';
import type { InMemoryDatabase } from './in-memory-database.js';
import type { InMemoryState } from './in-memory-state.js';
import { BY_ID, handedOut, type KeyOrder, pageOf } from './paging.js';
import { firstAfter } from './visible-tasks.js';

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
  importance: (t) => importanceRank(t.priority),
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

/** Every filter a task list takes: a list with none of them is every task the caller sees. */
const FILTERS = [
  'status',
  'active',
  'projectId',
  'clientId',
  'categoryId',
  'clientTaskId',
  'assigneeId',
  'priority',
  'date',
  'dateFrom',
  'dateTo',
  'updatedSince',
  'search',
] as const satisfies readonly (keyof TaskListQuery)[];

const isUnfiltered = (query: TaskListQuery): boolean =>
  FILTERS.every((filter) => query[filter] === undefined);

/** A page in id order, sliced from the caller's ids: after `offset` ids, or after the key's id. */
const idPage = (state: InMemoryState, ids: readonly number[], page: Page): Paged<Task> => {
  const [afterId, ...rest] = page.after ?? [];
  const start =
    page.after === undefined
      ? page.offset
      : typeof afterId === 'number' && rest.length === 0
        ? firstAfter(ids, afterId)
        : ids.length;
  const end = start + page.limit;
  const items: Task[] = [];
  for (const id of ids.slice(start, end)) {
    const task = state.tasks.get(id);
    if (task !== undefined) items.push(handedOut(task));
  }
  const last = ids[end - 1];
  return { items, total: ids.length, next: end < ids.length && last !== undefined ? [last] : null };
};

export class InMemoryTaskReadModel implements TaskReadModel {
  constructor(private readonly database: InMemoryDatabase) {}

  async findVisible(userId: UserId, id: TaskId): Promise<Task | null> {
    const task = this.database.state.tasks.get(id);
    return task && isVisibleTo(task, userId) ? handedOut(task) : null;
  }

  /**
   * Reads the caller's tasks through the store's index of what each user sees (`VisibleTasks`), not
   * every task in the store; an unfiltered page in id order is a slice of that index.
   */
  async list(userId: UserId, query: TaskListQuery): Promise<Paged<Task>> {
    const state = this.database.state;
    const ids = this.database.visibleTaskIds(userId);
    if (ids !== null && isUnfiltered(query) && query.sort.by === 'id' && query.sort.direction === 'asc')
      return idPage(state, ids, query);
    const term = query.search?.toLowerCase();
    const keep = (task: Task | undefined): task is Task =>
      task !== undefined && isVisibleTo(task, userId) && matches(state, task, query, term);
    const found: Task[] = [];
    const order = orderOf(query.sort);
    // Both walks go in id order: a page in id order asked by offset is whole, and its total counted
    // as far as the SQL adapters count it (`COUNT_HORIZON` past the page), once that many matched.
    const enough =
      order === BY_ID && query.after === undefined
        ? query.offset + query.limit + COUNT_HORIZON
        : Number.POSITIVE_INFINITY;
    // A lookup by id costs about what two steps of a walk do: where the caller sees most of the
    // store (a single user's), walking the store beats looking up each of their ids.
    if (ids === null || ids.length * 2 >= state.tasks.size) {
      for (const task of state.tasks.values()) {
        if (keep(task) && found.push(task) >= enough) break;
      }
    } else {
      for (const id of ids) {
        const task = state.tasks.get(id);
        if (keep(task) && found.push(task) >= enough) break;
      }
    }
    return pageOf(found, query, order);
  }

  async history(taskId: TaskId, range: Page): Promise<Paged<StatusHistoryEntry>> {
    return pageOf(this.database.state.history.get(taskId) ?? [], range, BY_ID);
  }
}
