import { COUNT_HORIZON, type Page, type Paged } from '../../../application/ports/paging.js';
import type {
  CalendarTaskFilters,
  TaskFilters,
  TaskListQuery,
  TaskReadModel,
  TaskSort,
  TaskSortField,
} from '../../../application/ports/task-read-model.port.js';
import { type CalendarTask, isDated } from '../../../domain/calendar/calendar-event.js';
import { dayOf, type LocalDate } from '../../../domain/shared/local-date-time.js';
import type { StatusHistoryEntry } from '../../../domain/task/status-change.js';
import { isVisibleTo, type Task, type TaskId, type UserId } from '../../../domain/task/task.js';
import { importanceRank } from '../../../domain/task/task-priority.js';
import type { InMemoryDatabase } from './in-memory-database.js';
import type { InMemoryState } from './in-memory-state.js';
import { BY_ID, type KeyOrder, pageOf } from './paging.js';
import { firstAfter, type IndexedBy } from './visible-tasks.js';

/** Task active and its project and client (where it has them) active too. */
const activeInCascade = (state: InMemoryState, task: Task): boolean =>
  task.active &&
  (task.projectId === null || state.projects.get(task.projectId)?.active !== false) &&
  (task.clientId === null || state.clients.get(task.clientId)?.active !== false);

type Test = (task: Task) => boolean;

/**
 * The query's filters as one test per filter given, worked out once per list: a filtered list walks
 * thousands of tasks to count its matches, and need not ask each of them about filters not given.
 */
export const testsOf = (state: InMemoryState, q: TaskFilters): Test[] => {
  const tests: Test[] = [];
  const { status, priority, projectId, clientId, categoryId, clientTaskId, assigneeId } = q;
  if (status !== undefined) tests.push((task) => task.status === status);
  if (priority !== undefined) tests.push((task) => task.priority === priority);
  if (projectId !== undefined) tests.push((task) => task.projectId === projectId);
  if (clientId !== undefined) tests.push((task) => task.clientId === clientId);
  if (categoryId !== undefined) tests.push((task) => task.categoryId === categoryId);
  if (clientTaskId !== undefined) tests.push((task) => task.clientTaskId === clientTaskId);
  if (assigneeId !== undefined) tests.push((task) => task.assigneeId === assigneeId);
  const { active, date, dateFrom, dateTo, updatedSince } = q;
  if (active !== undefined) tests.push((task) => activeInCascade(state, task) === active);
  // A dated filter keeps only dated tasks, by the day of their wall-clock date.
  const onDay =
    (within: (day: LocalDate) => boolean): Test =>
    (task) =>
      task.date !== null && within(dayOf(task.date));
  if (date !== undefined) tests.push(onDay((day) => day === date));
  if (dateFrom !== undefined) tests.push(onDay((day) => day >= dateFrom));
  if (dateTo !== undefined) tests.push(onDay((day) => day <= dateTo));
  if (updatedSince !== undefined) {
    const since = updatedSince.getTime();
    tests.push((task) => task.updatedAt.getTime() >= since);
  }
  const term = q.search?.toLowerCase();
  if (term !== undefined)
    tests.push(
      (task) =>
        task.title.toLowerCase().includes(term) || (task.description ?? '').toLowerCase().includes(term),
    );
  return tests;
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

/** The store's list that answers `query` alone, where its one filter is a status or a priority. */
const indexedFilter = (query: TaskListQuery): IndexedBy | undefined => {
  const given = FILTERS.filter((filter) => query[filter] !== undefined);
  const [only] = given;
  if (given.length !== 1) return undefined;
  if (only === 'status' && query.status !== undefined) return { status: query.status };
  if (only === 'priority' && query.priority !== undefined) return { priority: query.priority };
  return undefined;
};

/**
 * A page in id order, sliced from the caller's ids: after `offset` ids, or after the key's id. A
 * filtered list's total is counted as far as the SQL adapters count it (`countLimit`).
 */
const idPage = (
  state: InMemoryState,
  ids: readonly number[],
  page: Page,
  countLimit = Number.POSITIVE_INFINITY,
): Paged<Task> => {
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
    if (task !== undefined) items.push(task);
  }
  const last = ids[end - 1];
  return {
    items,
    total: Math.min(ids.length, countLimit),
    next: end < ids.length && last !== undefined ? [last] : null,
  };
};

export class InMemoryTaskReadModel implements TaskReadModel {
  constructor(private readonly database: InMemoryDatabase) {}

  async findVisible(userId: UserId, id: TaskId): Promise<Task | null> {
    const task = this.database.state.tasks.get(id);
    return task && isVisibleTo(task, userId) ? task : null;
  }

  /**
   * Reads the caller's tasks through the store's index of what each user sees (`VisibleTasks`), not
   * every task in the store; an unfiltered page in id order is a slice of that index.
   */
  async list(userId: UserId, query: TaskListQuery): Promise<Paged<Task>> {
    const state = this.database.state;
    const ids = this.narrowestIds(userId, query);
    if (ids !== null && query.sort.by === 'id' && query.sort.direction === 'asc') {
      // Unfiltered, the narrowest list is every task the caller sees.
      if (isUnfiltered(query)) return idPage(state, ids, query);
      const indexed = indexedFilter(query);
      const list = indexed === undefined ? null : this.database.visibleTaskIds(userId, indexed);
      if (list !== null) return idPage(state, list, query, query.offset + query.limit + COUNT_HORIZON);
    }
    const tests = testsOf(state, query);
    const keep = (task: Task | undefined): task is Task => {
      if (task === undefined || !isVisibleTo(task, userId)) return false;
      for (const test of tests) if (!test(task)) return false;
      return true;
    };
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

  /** Every match of the calendar's list, in its order (the list's, unpaged). */
  async calendar(userId: UserId, filters: CalendarTaskFilters): Promise<readonly CalendarTask[]> {
    const { items } = await this.list(userId, {
      ...filters,
      active: true,
      sort: { by: 'date', direction: 'asc' },
      limit: Number.MAX_SAFE_INTEGER,
      offset: 0,
    });
    return items.filter(isDated).map(({ id, title, description, date, status, timePlanned, updatedAt }) => ({
      id,
      title,
      description,
      date,
      status,
      timePlanned,
      updatedAt,
    }));
  }

  /**
   * The fewest ids the caller's matches are among: every task they see, or, filtered by a status or
   * a priority, the tasks they see with it (the shorter, when both are asked for).
   */
  private narrowestIds(userId: UserId, query: TaskListQuery): readonly number[] | null {
    const lists = [
      this.database.visibleTaskIds(userId),
      query.status === undefined ? null : this.database.visibleTaskIds(userId, { status: query.status }),
      query.priority === undefined
        ? null
        : this.database.visibleTaskIds(userId, { priority: query.priority }),
    ];
    return lists.reduce((narrowest, list) =>
      list === null || (narrowest !== null && narrowest.length <= list.length) ? narrowest : list,
    );
  }

  async history(taskId: TaskId, range: Page): Promise<Paged<StatusHistoryEntry>> {
    return pageOf(this.database.state.history.get(taskId) ?? [], range, BY_ID);
  }
}
