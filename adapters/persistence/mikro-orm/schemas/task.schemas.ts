import { defineEntity, p } from '@mikro-orm/core';
import type { InferKyselyTable } from '@mikro-orm/sql';
import type { Insertable, Selectable } from 'kysely';
import type { CalendarTask } from '../../../../domain/calendar/calendar-event.js';
import { parseLocalDateTime } from '../../../../domain/shared/local-date-time.js';
import type { StatusChange, StatusHistoryEntry } from '../../../../domain/task/status-change.js';
import { type NewTask, numberingScope, type Task } from '../../../../domain/task/task.js';
import { TASK_PRIORITIES } from '../../../../domain/task/task-priority.js';
import { TASK_STATUSES } from '../../../../domain/task/task-status.js';
import type { TaskTitle } from '../../../../domain/task/task-title.js';
import {
  choice,
  domainValue,
  durationOrNull,
  flag,
  instant,
  instantOrNull,
  localDateTimeOrNull,
  moneyOrNull,
  storedDateTime,
  storedMoney,
} from '../typed-values.js';
import { cents, epochMillis, idColumn, wallClock } from './column-types.js';
import { latestPerClientIndex, ownedColumns, withReference } from './common-columns.js';
import { UserSchema } from './user.schemas.js';
import { CategorySchema, ClientSchema, ProjectSchema } from './workspace.schemas.js';

/**
 * Tasks. `number_scope` is the client id, or 0 for tasks without a client (NULLs would escape the
 * unique constraint); `date` is wall-clock `YYYY-MM-DD HH:MM:SS` (sorts as text); `time_planned` is
 * seconds.
 */
export const TaskSchema = defineEntity({
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
  // References led by an index of the table's need none of their own (`index(false)`).
  properties: {
    ...ownedColumns(),
    clientTaskId: p.integer().fieldName('client_task_id'),
    numberScope: p.integer().fieldName('number_scope'),
    title: p.string().length(191),
    description: p.text().nullable(),
    date: wallClock().nullable(),
    priority: p.smallint(),
    status: p.smallint(),
    active: p.boolean(),
    projectId: () =>
      p
        .manyToOne(ProjectSchema)
        .mapToPk()
        .fieldName('project_id')
        .nullable()
        .deleteRule('restrict')
        .index(false),
    clientId: () =>
      p
        .manyToOne(ClientSchema)
        .mapToPk()
        .fieldName('client_id')
        .nullable()
        .deleteRule('restrict')
        .index(false),
    categoryId: () =>
      p.manyToOne(CategorySchema).mapToPk().fieldName('category_id').nullable().deleteRule('restrict'),
    assigneeId: () =>
      p
        .manyToOne(UserSchema)
        .mapToPk()
        .fieldName('assignee_id')
        .nullable()
        .deleteRule('restrict')
        .index(false),
    timePlanned: p.integer().fieldName('time_planned').nullable(),
    pricePlannedCents: cents().fieldName('price_planned_cents').nullable(),
    completedAt: epochMillis().fieldName('completed_at').nullable(),
    createdAt: epochMillis().fieldName('created_at'),
    updatedAt: epochMillis().fieldName('updated_at'),
    version: p.integer().version(),
  },
});

export type TaskRow = Selectable<InferKyselyTable<typeof TaskSchema>>;

/**
 * A task from its row, and its row from a task: the row's columns are typed from the entity, and a
 * task's row is every writable column, so a field of `Task` with no column here is a compile error.
 */
export const taskFromRow = (row: TaskRow): Task => ({
  id: row.id,
  ownerId: row.owner_id,
  clientTaskId: row.client_task_id,
  // A read does not parse each title again (a list would pay it per row).
  // trust boundary: titles are written only as TaskTitle, checked on the way in.
  title: row.title as TaskTitle,
  description: row.description,
  date: localDateTimeOrNull('tasks', 'date', row.date),
  priority: choice('tasks', 'priority', row.priority, TASK_PRIORITIES),
  status: choice('tasks', 'status', row.status, TASK_STATUSES),
  active: flag(row.active),
  projectId: row.project_id,
  clientId: row.client_id,
  categoryId: row.category_id,
  assigneeId: row.assignee_id,
  timePlanned: durationOrNull('tasks', 'time_planned', row.time_planned),
  pricePlanned: moneyOrNull('tasks', 'price_planned_cents', row.price_planned_cents),
  completedAt: instantOrNull(row.completed_at),
  createdAt: instant(row.created_at),
  updatedAt: instant(row.updated_at),
  version: row.version,
});

/** The columns a calendar shows of a task (`calendarTaskFromRow`). */
export const CALENDAR_TASK_COLUMNS = [
  'id',
  'title',
  'description',
  'date',
  'status',
  'time_planned',
  'updated_at',
] as const satisfies readonly (keyof TaskRow)[];

/** A dated task as a calendar shows it, from those columns. */
export const calendarTaskFromRow = (
  row: Pick<TaskRow, (typeof CALENDAR_TASK_COLUMNS)[number]>,
): CalendarTask => ({
  id: row.id,
  // trust boundary: titles are written only as TaskTitle, checked on the way in.
  title: row.title as TaskTitle,
  description: row.description,
  date: domainValue('tasks', 'date', row.date, (date) => (date === null ? null : parseLocalDateTime(date))),
  status: choice('tasks', 'status', row.status, TASK_STATUSES),
  timePlanned: durationOrNull('tasks', 'time_planned', row.time_planned),
  updatedAt: instant(row.updated_at),
});

/** Writable columns of a task (id and version belong to the database). */
export const taskToRow = (task: NewTask) =>
  ({
    owner_id: task.ownerId,
    client_task_id: task.clientTaskId,
    number_scope: numberingScope(task),
    title: task.title,
    description: task.description,
    date: storedDateTime(task.date),
    priority: task.priority,
    status: task.status,
    active: task.active,
    project_id: task.projectId,
    client_id: task.clientId,
    category_id: task.categoryId,
    assignee_id: task.assigneeId,
    time_planned: task.timePlanned,
    price_planned_cents: storedMoney(task.pricePlanned),
    completed_at: task.completedAt?.getTime() ?? null,
    created_at: task.createdAt.getTime(),
    updated_at: task.updatedAt.getTime(),
  }) satisfies Required<Omit<Insertable<InferKyselyTable<typeof TaskSchema>>, 'id' | 'version'>>;

/** The last client task number handed out per (owner, scope). */
export const TaskNumberSchema = defineEntity({
  name: 'TaskNumberRecord',
  tableName: 'task_numbers',
  properties: {
    ownerId: p.integer().primary().fieldName('owner_id'),
    scope: p.integer().primary(),
    lastValue: p.integer().fieldName('last_value'),
  },
});

export const TaskHistorySchema = defineEntity({
  name: 'TaskHistoryRecord',
  tableName: 'task_status_history',
  indexes: [{ name: 'task_status_history_task_index', properties: ['taskId', 'id'] }],
  properties: {
    id: idColumn(),
    taskId: () => p.manyToOne(TaskSchema).mapToPk().fieldName('task_id').deleteRule('cascade').index(false),
    fromStatus: p.smallint().fieldName('from_status').nullable(),
    toStatus: p.smallint().fieldName('to_status'),
    changedBy: p.integer().fieldName('changed_by'),
    changedAt: epochMillis().fieldName('changed_at'),
  },
});

export const historyToRow = (
  change: StatusChange,
): Insertable<InferKyselyTable<typeof TaskHistorySchema>> => ({
  task_id: change.taskId,
  from_status: change.from,
  to_status: change.to,
  changed_by: change.changedBy,
  changed_at: change.changedAt.getTime(),
});

export type TaskHistoryRow = Selectable<InferKyselyTable<typeof TaskHistorySchema>>;

export const historyFromRow = (row: TaskHistoryRow): StatusHistoryEntry => ({
  id: row.id,
  taskId: row.task_id,
  from:
    row.from_status === null
      ? null
      : choice('task_status_history', 'from_status', row.from_status, TASK_STATUSES),
  to: choice('task_status_history', 'to_status', row.to_status, TASK_STATUSES),
  changedBy: row.changed_by,
  changedAt: instant(row.changed_at),
});
