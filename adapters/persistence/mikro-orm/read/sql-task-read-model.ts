import { COUNT_HORIZON, type Page, type Paged } from '../../../../application/ports/paging.js';
import type {
  TaskListQuery,
  TaskReadModel,
  TaskSort,
  TaskSortField,
} from '../../../../application/ports/task-read-model.port.js';
import type { StatusHistoryEntry } from '../../../../domain/task/status-change.js';
import type { Task, TaskId, UserId } from '../../../../domain/task/task.js';
import {
  historyFromRow,
  type TaskHistoryRow,
  type TaskRow,
  TaskSchema,
  taskFromRow,
} from '../schemas/task.schemas.js';
import type { IndexedSearch, SqlDialect } from '../sql-dialect.js';
import { storedDayEnd, storedDayStart } from '../typed-values.js';
import { columnsOn } from '../write/table-statements.js';
import { type Order, orderByOf, type SortKey } from './keyset.js';
import { ownedRowCount, pagedSelect, type Runs } from './paged-select.js';
import type { Row, SqlRunner, SqlValue } from './sql-runner.js';

/** Every task column of the table as `alias`, named as the mapper reads it (from TaskSchema). */
const taskColumnsOn = (alias: string): string => columnsOn(TaskSchema, alias);

/** A task from a row these statements read (every column of the task, unaliased). */
// trust boundary: the statements select `taskColumnsOn`, the task table's own columns.
const taskFromRead = (row: Row): Task => taskFromRow(row as TaskRow);

const TASK_SELECTION = taskColumnsOn('t');

/** Task active and its project and client (where it has them) active too. */
const ACTIVE_CASCADE =
  '(t.active = true and (p.id is null or p.active = true) and (c.id is null or c.active = true))';
const CASCADE_JOINS = 'left join projects p on p.id = t.project_id left join clients c on c.id = t.client_id';

const ORDER_KEYS: Record<Exclude<TaskSortField, 'id'>, Pick<SortKey, 'column' | 'kind'>> = {
  date: { column: 't.date', kind: 'text' },
  priority: { column: 't.priority', kind: 'number' },
  createdAt: { column: 't.created_at', kind: 'number' },
  updatedAt: { column: 't.updated_at', kind: 'number' },
};

const ID_ASC: SortKey = { column: 't.id', direction: 'asc', kind: 'number' };

/** Nulls last in either direction, ties by id ascending: pages never overlap or skip. */
const orderOf = (sort: TaskSort): Order =>
  sort.by === 'id'
    ? [{ ...ID_ASC, direction: sort.direction }]
    : [{ ...ORDER_KEYS[sort.by], direction: sort.direction, nullable: true }, ID_ASC];

/**
 * A user sees the tasks they own and the tasks assigned to them: two disjoint sets, each along its
 * own index. (`owner_id = ? or assignee_id = ?` would defeat both indexes for an unfiltered list.)
 */
const OWNED = { sql: 't.owner_id = ?', params: (userId: UserId) => [userId] };
const ASSIGNED_BY_OTHERS = {
  sql: 't.assignee_id = ? and t.owner_id <> ?',
  params: (userId: UserId) => [userId, userId],
};

interface Filters {
  /** `and …` conditions on `t` beyond who may see the task; empty when unfiltered. */
  readonly sql: string;
  readonly params: SqlValue[];
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

const filtersOf = (dialect: SqlDialect, q: TaskListQuery): Filters => {
  const conditions: string[] = [];
  const params: SqlValue[] = [];
  let onFilterIndexes = true;
  /** A condition on a column of the owner's filter indexes (migrations/task-filter-indexes.ts). */
  const addIndexed = (condition: string, ...values: SqlValue[]) => {
    conditions.push(condition);
    params.push(...values);
  };
  const add = (condition: string, ...values: SqlValue[]) => {
    addIndexed(condition, ...values);
    onFilterIndexes = false;
  };
  if (q.status !== undefined) addIndexed('t.status = ?', q.status);
  if (q.active !== undefined) add(q.active ? ACTIVE_CASCADE : `not ${ACTIVE_CASCADE}`);
  if (q.projectId !== undefined) add('t.project_id = ?', q.projectId);
  if (q.clientId !== undefined) add('t.client_id = ?', q.clientId);
  if (q.categoryId !== undefined) add('t.category_id = ?', q.categoryId);
  if (q.clientTaskId !== undefined) add('t.client_task_id = ?', q.clientTaskId);
  if (q.assigneeId !== undefined) add('t.assignee_id = ?', q.assigneeId);
  if (q.priority !== undefined) addIndexed('t.priority = ?', q.priority);
  if (q.date !== undefined)
    addIndexed('t.date between ? and ?', storedDayStart(q.date), storedDayEnd(q.date));
  if (q.dateFrom !== undefined) addIndexed('t.date >= ?', storedDayStart(q.dateFrom));
  if (q.dateTo !== undefined) addIndexed('t.date <= ?', storedDayEnd(q.dateTo));
  if (q.updatedSince !== undefined) add('t.updated_at >= ?', q.updatedSince.getTime());
  if (q.search !== undefined) {
    const search = dialect.textSearch('t', ['title', 'description'], q.search);
    add(search.sql, ...search.params);
  }
  return {
    sql: conditions.map((condition) => ` and ${condition}`).join(''),
    params,
    needsJoins: q.active !== undefined,
    byReference: [q.projectId, q.clientId, q.categoryId, q.clientTaskId, q.assigneeId].some(
      (value) => value !== undefined,
    ),
    onFilterIndexes,
  };
};

/** A task by id if the user sees it: written once (table-statements.ts says why). */
const FIND_VISIBLE = `select ${TASK_SELECTION} from tasks t where t.id = ? and (t.owner_id = ? or t.assignee_id = ?)`;

/** Reads tasks with prepared statements, outside any unit of work. */
export class SqlTaskReadModel implements TaskReadModel {
  constructor(
    private readonly runner: SqlRunner,
    private readonly dialect: SqlDialect,
    private readonly countHorizon = COUNT_HORIZON,
  ) {}

  async findVisible(userId: UserId, id: TaskId): Promise<Task | null> {
    const row = await this.runner.get(FIND_VISIBLE, [id, userId, userId]);
    return row ? taskFromRead(row) : null;
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
    const index = search === undefined ? undefined : this.dialect.searchIndex('tasks', 't', userId, search);
    if (index !== undefined) return this.searchOnIndex(userId, unsearched, index);
    const filters = filtersOf(this.dialect, query);
    const order = orderOf(query.sort);
    const joins = filters.needsJoins ? CASCADE_JOINS : '';
    const runs = (): Runs => ({
      table: 'tasks t',
      id: 't.id',
      idIn: this.dialect.idIn,
      merge: this.dialect.mergesRuns,
      // Counted in order only where the planner could otherwise read rows at random (sql-dialect.ts).
      countInOrder: this.dialect.countsRunsInOrder && !filters.onFilterIndexes,
      list: [OWNED, ASSIGNED_BY_OTHERS].map((set) => ({
        from: `from tasks t ${joins} where ${set.sql}${filters.sql}`,
        params: [...set.params(userId), ...filters.params],
        orderBy: orderByOf(order),
      })),
    });
    const visible = {
      columns: TASK_SELECTION,
      from: `from tasks t ${joins} where (t.owner_id = ? or t.assignee_id = ?)${filters.sql}`,
      params: [userId, userId, ...filters.params],
      order,
      map: taskFromRead,
    };
    if (filters.sql === '') {
      const owned = ownedRowCount('tasks', userId);
      const exactTotal = {
        sql: `select (${owned.sql}) + (select count(*) from tasks t where ${ASSIGNED_BY_OTHERS.sql}) as total`,
        params: [...owned.params, ...ASSIGNED_BY_OTHERS.params(userId)],
      };
      return pagedSelect(this.runner, { ...visible, exactTotal, runs: runs() }, query);
    }
    return pagedSelect(
      this.runner,
      {
        ...visible,
        // An indexed reference narrows the rows best in one statement; other filters (status,
        // priority, dates, a search) keep a good share of the rows, so each visible set is walked
        // along its own index in the list's order, stopping with the page.
        runs: filters.byReference ? undefined : runs(),
      },
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
    const joins = filters.needsJoins ? CASCADE_JOINS : '';
    return pagedSelect(
      this.runner,
      {
        columns: TASK_SELECTION,
        // Who may see the task is asked again, so that no entry could ever show another's task.
        from: `from tasks t ${index.join} ${joins} where ${index.condition.sql} and (t.owner_id = ? or t.assignee_id = ?)${filters.sql}`,
        params: [...index.condition.params, userId, userId, ...filters.params],
        countFrom: filters.sql === '' ? index.countFrom : undefined,
        order:
          query.sort.by === 'id'
            ? [{ column: index.idColumn, direction: query.sort.direction, kind: 'number' }]
            : orderOf(query.sort),
        map: taskFromRead,
      },
      query,
      this.countHorizon,
    );
  }

  history(taskId: TaskId, page: Page): Promise<Paged<StatusHistoryEntry>> {
    const columns = 'id, task_id, from_status, to_status, changed_by, changed_at';
    return pagedSelect(
      this.runner,
      {
        columns,
        from: 'from task_status_history where task_id = ?',
        params: [taskId],
        order: [{ column: 'id', direction: 'asc', kind: 'number' }],
        // trust boundary: the statement selects every column of the history, unaliased.
        map: (row) => historyFromRow(row as TaskHistoryRow),
      },
      page,
    );
  }
}
