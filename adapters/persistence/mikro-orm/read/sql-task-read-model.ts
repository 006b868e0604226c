import type { Page, Paged } from '../../../../application/ports/paging.js';
import type {
  TaskListQuery,
  TaskReadModel,
  TaskSort,
  TaskSortField,
} from '../../../../application/ports/task-read-model.port.js';
import type { StatusHistoryEntry } from '../../../../domain/task/status-change.js';
import type { Task, TaskId, UserId } from '../../../../domain/task/task.js';
import { historyFromRecord, TASK_COLUMNS, taskFromRecord } from '../mappers.js';
import { storedDayEnd, storedDayStart } from '../row-decoding.js';
import type { SqlDialect } from '../sql-dialect.js';
import { COUNT_HORIZON, cappedTotal, countLimit, ownedRowCount, pagedSelect } from './paged-select.js';
import type { SqlRunner, SqlValue } from './sql-runner.js';

const TASK_SELECTION = TASK_COLUMNS.map(([column, alias]) => `t.${column} as "${alias}"`).join(', ');

/** Task active and its project and client (where it has them) active too. */
const ACTIVE_CASCADE =
  '(t.active = true and (p.id is null or p.active = true) and (c.id is null or c.active = true))';
const CASCADE_JOINS = 'left join projects p on p.id = t.project_id left join clients c on c.id = t.client_id';

const ORDER_COLUMNS: Record<TaskSortField, string> = {
  id: 't.id',
  date: 't.date',
  priority: 't.priority',
  createdAt: 't.created_at',
  updatedAt: 't.updated_at',
};

/** Nulls last in either direction, ties by id ascending: pages never overlap or skip. */
const orderBy = (sort: TaskSort): string => {
  const column = ORDER_COLUMNS[sort.by];
  return column === 't.id'
    ? `order by t.id ${sort.direction}`
    : `order by ${column} ${sort.direction} nulls last, t.id asc`;
};

interface Filters {
  /** `and …` conditions on `t` beyond who may see the task; empty when unfiltered. */
  readonly sql: string;
  readonly params: SqlValue[];
  readonly needsJoins: boolean;
}

const filtersOf = (dialect: SqlDialect, q: TaskListQuery): Filters => {
  const conditions: string[] = [];
  const params: SqlValue[] = [];
  const add = (condition: string, ...values: SqlValue[]) => {
    conditions.push(condition);
    params.push(...values);
  };
  if (q.status !== undefined) add('t.status = ?', q.status);
  if (q.active !== undefined) add(q.active ? ACTIVE_CASCADE : `not ${ACTIVE_CASCADE}`);
  if (q.projectId !== undefined) add('t.project_id = ?', q.projectId);
  if (q.clientId !== undefined) add('t.client_id = ?', q.clientId);
  if (q.categoryId !== undefined) add('t.category_id = ?', q.categoryId);
  if (q.clientTaskId !== undefined) add('t.client_task_id = ?', q.clientTaskId);
  if (q.assigneeId !== undefined) add('t.assignee_id = ?', q.assigneeId);
  if (q.priority !== undefined) add('t.priority = ?', q.priority);
  if (q.date !== undefined) add('t.date between ? and ?', storedDayStart(q.date), storedDayEnd(q.date));
  if (q.dateFrom !== undefined) add('t.date >= ?', storedDayStart(q.dateFrom));
  if (q.dateTo !== undefined) add('t.date <= ?', storedDayEnd(q.dateTo));
  if (q.updatedSince !== undefined) add('t.updated_at >= ?', q.updatedSince.getTime());
  if (q.search !== undefined) {
    const term = q.search.toLowerCase();
    add(`(${dialect.containsLowered('t.title')} or ${dialect.containsLowered('t.description')})`, term, term);
  }
  return {
    sql: conditions.map((condition) => ` and ${condition}`).join(''),
    params,
    needsJoins: q.active !== undefined,
  };
};

/**
 * A user sees the tasks they own and the tasks assigned to them. `owner_id = ? or assignee_id = ?`
 * would defeat both indexes, so each list reads the two sets apart — owned, and assigned by
 * someone else (disjoint) — each along its own index, and merges them.
 */
const VISIBLE_SETS = [
  { sql: 't.owner_id = ?', params: (userId: UserId) => [userId] },
  { sql: 't.assignee_id = ? and t.owner_id <> ?', params: (userId: UserId) => [userId, userId] },
] as const;

/** Reads tasks with prepared statements, outside any unit of work. */
export class SqlTaskReadModel implements TaskReadModel {
  constructor(
    private readonly runner: SqlRunner,
    private readonly dialect: SqlDialect,
    private readonly countHorizon = COUNT_HORIZON,
  ) {}

  async findVisible(userId: UserId, id: TaskId): Promise<Task | null> {
    const row = await this.runner.get(
      `select ${TASK_SELECTION} from tasks t where t.id = ? and (t.owner_id = ? or t.assignee_id = ?)`,
      [id, userId, userId],
    );
    return row ? taskFromRecord(row) : null;
  }

  /**
   * A page is the first `offset + limit` ids of each visible set in the list's order, merged; each
   * set stops early along its index. The total is the kept count of owned tasks plus the assigned
   * ones when unfiltered, else each set's matches counted up to the horizon.
   */
  async list(userId: UserId, query: TaskListQuery): Promise<Paged<Task>> {
    const filters = filtersOf(this.dialect, query);
    const joins = filters.needsJoins ? CASCADE_JOINS : '';
    const order = orderBy(query.sort);
    const limit = countLimit(query, this.countHorizon);
    const setFrom = (set: (typeof VISIBLE_SETS)[number]) =>
      `from tasks t ${joins} where ${set.sql}${filters.sql}`;
    const setParams = (set: (typeof VISIBLE_SETS)[number]) => [...set.params(userId), ...filters.params];

    const firstIds = VISIBLE_SETS.map(
      (set) => `select id from (select t.id ${setFrom(set)} ${order} limit ?) s`,
    );
    const page = this.runner.all(
      `select ${TASK_SELECTION} from tasks t where t.id in (${firstIds.join(' union all ')}) ${order} limit ? offset ?`,
      [
        ...VISIBLE_SETS.flatMap((set) => [...setParams(set), query.offset + query.limit]),
        query.limit,
        query.offset,
      ],
    );
    const unfiltered = filters.sql === '';
    const counts = VISIBLE_SETS.map((set, index) =>
      unfiltered && index === 0
        ? ownedRowCount('tasks', userId)
        : {
            sql: unfiltered
              ? `select count(*) as total ${setFrom(set)}`
              : `select count(*) as total from (select 1 ${setFrom(set)} limit ?) matches`,
            params: unfiltered ? setParams(set) : [...setParams(set), limit],
          },
    );
    const [rows, ...totals] = await Promise.all([
      page,
      ...counts.map((count) => this.runner.get(count.sql, count.params)),
    ]);
    const total = totals.reduce((sum, row) => sum + Number(row?.total ?? 0), 0);
    return { items: rows.map(taskFromRecord), total: unfiltered ? total : cappedTotal(total, limit) };
  }

  history(taskId: TaskId, page: Page): Promise<Paged<StatusHistoryEntry>> {
    const columns =
      'id, task_id as "taskId", from_status as "fromStatus", to_status as "toStatus", ' +
      'changed_by as "changedBy", changed_at as "changedAt"';
    return pagedSelect(
      this.runner,
      {
        columns,
        from: 'from task_status_history where task_id = ?',
        params: [taskId],
        orderBy: 'order by id asc',
        map: historyFromRecord,
      },
      page,
    );
  }
}
