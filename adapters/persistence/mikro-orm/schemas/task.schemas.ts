import type { StatusChange, StatusHistoryEntry } from '../../../../domain/task/status-change.js';
import { type NewTask, numberingScope, type Task } from '../../../../domain/task/task.js';
import { TASK_PRIORITIES } from '../../../../domain/task/task-priority.js';
import { TASK_STATUSES } from '../../../../domain/task/task-status.js';
import type { TaskTitle } from '../../../../domain/task/task-title.js';
import { type Row, RowReader, storedDateTime, storedMoney } from '../row-decoding.js';
import { cents, epochMillis } from './column-types.js';
import {
  COVERED_BY_AN_INDEX,
  latestPerClientIndex,
  nullableReference,
  ownedColumns,
  withReference,
} from './common-columns.js';
import { defineTable } from './table-definition.js';

export interface TaskRecord {
  id: number;
  ownerId: number;
  clientTaskId: number;
  /** The client id, or 0 for tasks without a client: NULLs would escape the unique constraint. */
  numberScope: number;
  title: string;
  description: string | null;
  /** Wall-clock `YYYY-MM-DD HH:MM:SS`; sorts as text. */
  date: string | null;
  priority: number;
  status: number;
  active: boolean;
  projectId: number | null;
  clientId: number | null;
  categoryId: number | null;
  assigneeId: number | null;
  /** Seconds. */
  timePlanned: number | null;
  pricePlannedCents: number | null;
  completedAt: number | null;
  createdAt: number;
  updatedAt: number;
  version: number;
}

export const TaskSchema = defineTable<TaskRecord>({
  name: 'TaskRecord',
  tableName: 'tasks',
  uniques: [{ name: 'tasks_client_number_unique', properties: ['ownerId', 'numberScope', 'clientTaskId'] }],
  indexes: [
    { name: 'tasks_owner_index', properties: ['ownerId', 'id'] },
    // The four indexes led by a reference a task may leave empty hold only the tasks that have one
    // (migrations/sparse-reference-indexes.ts).
    // Tasks assigned to a user, in id order, with their owner at hand: "assigned by someone else"
    // (`owner_id <> ?`) is answered, and counted, from the index alone.
    withReference('assignee_id', {
      name: 'tasks_assignee_visible_index',
      properties: ['assigneeId', 'id', 'ownerId'],
    }),
    withReference('client_id', latestPerClientIndex('tasks')),
    withReference('category_id', { name: 'tasks_category_id_index', properties: ['categoryId'] }),
    // Filtered lists read their page's ids and count their matches from these alone
    // (migrations/task-filter-indexes.ts). Like the owner's, the assignee's and the client's index
    // above, the project's serves every lookup of its first column: none of the four has an index
    // of its own to write on each insert.
    { name: 'tasks_owner_status_index', properties: ['ownerId', 'status', 'priority', 'id', 'date'] },
    { name: 'tasks_owner_date_index', properties: ['ownerId', 'date', 'status', 'priority'] },
    withReference('project_id', {
      name: 'tasks_project_index',
      properties: ['projectId', 'id', 'ownerId', 'assigneeId', 'status', 'priority', 'date'],
    }),
  ],
  properties: {
    ...ownedColumns,
    clientTaskId: { type: 'integer', fieldName: 'client_task_id' },
    numberScope: { type: 'integer', fieldName: 'number_scope' },
    title: { type: 'string', length: 191 },
    description: { type: 'text', nullable: true },
    date: { type: 'string', length: 19, nullable: true },
    priority: { type: 'smallint' },
    status: { type: 'smallint' },
    active: { type: 'boolean' },
    projectId: { ...nullableReference('ProjectRecord', 'project_id'), ...COVERED_BY_AN_INDEX },
    clientId: { ...nullableReference('ClientRecord', 'client_id'), ...COVERED_BY_AN_INDEX },
    categoryId: nullableReference('CategoryRecord', 'category_id'),
    assigneeId: { ...nullableReference('UserRecord', 'assignee_id'), ...COVERED_BY_AN_INDEX },
    timePlanned: { type: 'integer', fieldName: 'time_planned', nullable: true },
    pricePlannedCents: { type: cents(), fieldName: 'price_planned_cents', nullable: true },
    completedAt: { type: epochMillis(), fieldName: 'completed_at', nullable: true },
    createdAt: { type: epochMillis(), fieldName: 'created_at' },
    updatedAt: { type: epochMillis(), fieldName: 'updated_at' },
    version: { type: 'integer', version: true },
  },
});

/**
 * A task from its row, and its row from a task: the row's columns are read through
 * `RowReader<keyof TaskRecord>`, and a task's row is every writable column, so a field of `Task` with
 * no column here is a compile error.
 */
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

/** The last client task number handed out per (owner, scope). */
export interface TaskNumberRecord {
  ownerId: number;
  scope: number;
  lastValue: number;
}

export const TaskNumberSchema = defineTable<TaskNumberRecord>({
  name: 'TaskNumberRecord',
  tableName: 'task_numbers',
  properties: {
    ownerId: { type: 'integer', primary: true, fieldName: 'owner_id' },
    scope: { type: 'integer', primary: true },
    lastValue: { type: 'integer', fieldName: 'last_value' },
  },
});

export interface TaskHistoryRecord {
  id: number;
  taskId: number;
  fromStatus: number | null;
  toStatus: number;
  changedBy: number;
  changedAt: number;
}

export const TaskHistorySchema = defineTable<TaskHistoryRecord>({
  name: 'TaskHistoryRecord',
  tableName: 'task_status_history',
  indexes: [{ name: 'task_status_history_task_index', properties: ['taskId', 'id'] }],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    taskId: {
      kind: 'm:1',
      type: 'TaskRecord',
      mapToPk: true,
      fieldName: 'task_id',
      deleteRule: 'cascade',
      ...COVERED_BY_AN_INDEX,
    },
    fromStatus: { type: 'smallint', fieldName: 'from_status', nullable: true },
    toStatus: { type: 'smallint', fieldName: 'to_status' },
    changedBy: { type: 'integer', fieldName: 'changed_by' },
    changedAt: { type: epochMillis(), fieldName: 'changed_at' },
  },
});

export const historyToRecord = (change: StatusChange): Omit<TaskHistoryRecord, 'id'> => ({
  taskId: change.taskId,
  fromStatus: change.from,
  toStatus: change.to,
  changedBy: change.changedBy,
  changedAt: change.changedAt.getTime(),
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
