import { type Expression, expressionBuilder, type SqlBool } from 'kysely';
import { COUNT_HORIZON, type Page, type Paged } from '../../../../application/ports/paging.js';
import type {
  CalendarTaskFilters,
  TaskFilters,
  TaskListQuery,
  TaskReadModel,
  TaskSort,
  TaskSortField,
} from '../../../../application/ports/task-read-model.port.js';
import type { CalendarTask } from '../../../../domain/calendar/calendar-event.js';
import type { StatusHistoryEntry } from '../../../../domain/task/status-change.js';
import type { Task, TaskId, UserId } from '../../../../domain/task/task.js';
import type { Statements } from '../orm-runner.js';
import { COLUMNS, qualified } from '../schemas/columns.js';
import type { Database } from '../schemas/database.js';
import {
  CALENDAR_TASK_COLUMNS,
  calendarTaskFromRow,
  historyFromRow,
  taskFromRow,
} from '../schemas/task.schemas.js';
import type { IndexedSearch, Selection, SqlDialect } from '../sql-dialect.js';
import { storedDayEnd, storedDayStart } from '../typed-values.js';
import { type Order, ownedRowCount, pagedSelect, type SortKey } from './paged-query.js';

/** A task list's tables: the task, and its project and client for the active cascade. */
type TaskScope = { t: Database['tasks']; p: Database['projects']; c: Database['clients'] };
const t = expressionBuilder<TaskScope, keyof TaskScope>();

const SELECTED = qualified('t', COLUMNS.tasks);
const CALENDAR_SELECTED = qualified('t', CALENDAR_TASK_COLUMNS);

/** Task active and its project and client (where it has them) active too. */
const ACTIVE_CASCADE = t.and([
  t('t.active', '=', t.lit(true)),
  t.or([t('p.id', 'is', null), t('p.active', '=', t.lit(true))]),
  t.or([t('c.id', 'is', null), t('c.active', '=', t.lit(true))]),
]);

const ORDER_KEYS: Record<Exclude<TaskSortField, 'id'>, Pick<SortKey, 'column' | 'kind'>> = {
  date: { column: t.ref('t.date'), kind: 'text' },
  priority: { column: t.ref('t.priority'), kind: 'number' },
  // importanceRank (domain/task/task-priority.ts), computed by the database.
  importance: { column: t(t.parens('t.priority', '+', t.lit(3)), '%', t.lit(4)), kind: 'number' },
  createdAt: { column: t.ref('t.created_at'), kind: 'number' },
  updatedAt: { column: t.ref('t.updated_at'), kind: 'number' },
};

const ID_ASC: SortKey = { column: t.ref('t.id'), direction: 'asc', kind: 'number' };

/** Nulls last in either direction, ties by id ascending: pages never overlap or skip. */
const orderOf = (sort: TaskSort): Order =>
  sort.by === 'id'
    ? [{ ...ID_ASC, direction: sort.direction }]
    : [{ ...ORDER_KEYS[sort.by], direction: sort.direction, nullable: true }, ID_ASC];

/**
 * A user sees the tasks they own and the tasks assigned to them: two disjoint sets, each along its
 * own index. (`owner_id = ? or assignee_id = ?` would defeat both indexes for an unfiltered list.)
 */
const owned = (userId: UserId) => t('t.owner_id', '=', userId);
const assignedByOthers = (userId: UserId) =>
  t.and([t('t.assignee_id', '=', userId), t('t.owner_id', '<>', userId)]);
export const visibleTo = (userId: UserId) =>
  t.or([t('t.owner_id', '=', userId), t('t.assignee_id', '=', userId)]);

interface Filters {
  readonly conditions: readonly Expression<SqlBool>[];
  readonly needsJoins: boolean;
  /**
   * Whether a filter picks the rows by an indexed reference (project, client, category, number,
   * assignee): the index then narrows the rows to the filter's few, whoever sees them.
   */
  readonly byReference: boolean;
  /**
   * Whether every filter is on a column of the owner's filter indexes (status, priority, dates):
   * their matches are then counted from an index alone, whichever the planner walks.
   */
  readonly onFilterIndexes: boolean;
}

export const filtersOf = (dialect: SqlDialect, q: TaskFilters): Filters => {
  /** Conditions on columns of the owner's filter indexes (migrations/task-filter-indexes.ts). */
  const indexed: Expression<SqlBool>[] = [];
  const others: Expression<SqlBool>[] = [];
  if (q.status !== undefined) indexed.push(t('t.status', '=', q.status));
  if (q.active !== undefined) others.push(q.active ? ACTIVE_CASCADE : t.not(ACTIVE_CASCADE));
  if (q.projectId !== undefined) others.push(t('t.project_id', '=', q.projectId));
  if (q.clientId !== undefined) others.push(t('t.client_id', '=', q.clientId));
  if (q.categoryId !== undefined) others.push(t('t.category_id', '=', q.categoryId));
  if (q.clientTaskId !== undefined) others.push(t('t.client_task_id', '=', q.clientTaskId));
  if (q.assigneeId !== undefined) others.push(t('t.assignee_id', '=', q.assigneeId));
  if (q.priority !== undefined) indexed.push(t('t.priority', '=', q.priority));
  if (q.date !== undefined) indexed.push(t.between('t.date', storedDayStart(q.date), storedDayEnd(q.date)));
  if (q.dateFrom !== undefined) indexed.push(t('t.date', '>=', storedDayStart(q.dateFrom)));
  if (q.dateTo !== undefined) indexed.push(t('t.date', '<=', storedDayEnd(q.dateTo)));
  if (q.updatedSince !== undefined) others.push(t('t.updated_at', '>=', q.updatedSince.getTime()));
  if (q.search !== undefined)
    others.push(dialect.textSearch([t.ref('t.title'), t.ref('t.description')], q.search));
  return {
    conditions: [...indexed, ...others],
    needsJoins: q.active !== undefined,
    byReference: [q.projectId, q.clientId, q.categoryId, q.clientTaskId, q.assigneeId].some(
      (value) => value !== undefined,
    ),
    onFilterIndexes: others.length === 0,
  };
};

/** `query` with every condition. */
export const where = <R>(query: Selection<R>, conditions: readonly Expression<SqlBool>[]): Selection<R> =>
  conditions.reduce((narrowed, condition) => narrowed.where(condition), query);

/** Reads tasks outside any unit of work. */
export class SqlTaskReadModel implements TaskReadModel {
  constructor(
    private readonly q: Statements,
    private readonly dialect: SqlDialect,
    private readonly countHorizon = COUNT_HORIZON,
  ) {}

  async findVisible(userId: UserId, id: TaskId): Promise<Task | null> {
    const row = await this.q.first(
      this.q.db.selectFrom('tasks as t').select(SELECTED).where('t.id', '=', id).where(visibleTo(userId)),
    );
    return row ? taskFromRow(row) : null;
  }

  /** The tasks, and their project and client where a filter needs them. */
  private tasks(filters: Filters) {
    return this.q.db
      .selectFrom('tasks as t')
      .$if(filters.needsJoins, (query) =>
        query
          .leftJoin('projects as p', 'p.id', 't.project_id')
          .leftJoin('clients as c', 'c.id', 't.client_id'),
      );
  }

  /**
   * Unfiltered, a page is the first `offset + limit` ids of each visible set in the list's order,
   * each read along its index and stopping there, merged; the total is the kept count of owned
   * tasks plus the assigned ones. A search the dialect's index answers reads that (searchOnIndex).
   * Filtered by an indexed reference (project, client…), the planner picks that index for one
   * statement. Any other filter, a search too, reads its page as the two runs, testing each row on
   * the walk; filtered lists count their matches up to the horizon.
   */
  list(userId: UserId, query: TaskListQuery): Promise<Paged<Task>> {
    const { search, ...unsearched } = query;
    const index =
      search === undefined ? undefined : this.dialect.searchIndex('tasks', t.ref('t.id'), userId, search);
    if (index !== undefined) return this.searchOnIndex(userId, unsearched, index);
    const filters = filtersOf(this.dialect, query);
    const order = orderOf(query.sort);
    const unfiltered = filters.conditions.length === 0;
    const runs = {
      id: t.ref('t.id'),
      byId: this.q.db.selectFrom('tasks as t').select(SELECTED),
      dialect: this.dialect,
      // Counted in order only where the planner could otherwise read rows at random (sql-dialect.ts).
      countInOrder: this.dialect.countsRunsInOrder && !filters.onFilterIndexes,
      list: [owned(userId), assignedByOthers(userId)].map((set) => ({
        rows: where(this.tasks(filters).where(set), filters.conditions),
        order,
      })),
    };
    const visible = {
      rows: where(this.tasks(filters).select(SELECTED).where(visibleTo(userId)), filters.conditions),
      order,
      map: taskFromRow,
    };
    if (unfiltered) {
      const assigned = this.q.db
        .selectFrom('tasks as t')
        .select((count) => count.fn.countAll<number>().as('total'))
        .where(assignedByOthers(userId));
      const exactTotal = t(ownedRowCount(this.q.db, 'tasks', userId), '+', assigned);
      return pagedSelect(this.q, { ...visible, exactTotal, runs }, query);
    }
    // An indexed reference narrows the rows best in one statement; other filters (status, priority,
    // dates, a search) keep a good share of the rows, so each visible set is walked along its own
    // index in the list's order, stopping with the page.
    return pagedSelect(
      this.q,
      { ...visible, runs: filters.byReference ? undefined : runs },
      query,
      this.countHorizon,
    );
  }

  /**
   * A search answered by the index (whose entries are the caller's own visible tasks): in id order
   * it reads the index's matches in that order and stops with the page; without other filters it
   * counts on the index alone, never reading a task.
   */
  private searchOnIndex(userId: UserId, query: TaskListQuery, index: IndexedSearch): Promise<Paged<Task>> {
    const filters = filtersOf(this.dialect, query);
    // Who may see the task is asked again, so that no entry could ever show another's task.
    return pagedSelect(
      this.q,
      {
        rows: where(
          index.join(this.tasks(filters).select(SELECTED)).where(visibleTo(userId)),
          filters.conditions,
        ),
        countFrom: filters.conditions.length === 0 ? index.countFrom : undefined,
        order:
          query.sort.by === 'id'
            ? [{ column: index.idColumn, direction: query.sort.direction, kind: 'number' }]
            : orderOf(query.sort),
        map: taskFromRow,
      },
      query,
      this.countHorizon,
    );
  }

  async calendar(userId: UserId, filters: CalendarTaskFilters): Promise<readonly CalendarTask[]> {
    const active = filtersOf(this.dialect, { ...filters, active: true });
    const dated = this.tasks(active)
      .select(CALENDAR_SELECTED)
      .where(visibleTo(userId))
      .where('t.date', 'is not', null)
      .orderBy('t.date')
      .orderBy('t.id');
    const rows = await this.q.all(where(dated, active.conditions));
    return rows.map(calendarTaskFromRow);
  }

  history(taskId: TaskId, page: Page): Promise<Paged<StatusHistoryEntry>> {
    const history = expressionBuilder<Database, 'task_status_history'>();
    return pagedSelect(
      this.q,
      {
        rows: this.q.db
          .selectFrom('task_status_history')
          .select(['id', 'task_id', 'from_status', 'to_status', 'changed_by', 'changed_at'])
          .where('task_id', '=', taskId),
        order: [{ column: history.ref('id'), direction: 'asc', kind: 'number' }],
        map: historyFromRow,
      },
      page,
    );
  }
}
