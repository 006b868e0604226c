import type { Duration } from '../shared/duration.js';
import type { LocalDateTime } from '../shared/local-date-time.js';
import type { Money } from '../shared/money.js';
import type { TaskPriority } from './task-priority.js';
import type { TaskStatus } from './task-status.js';
import type { TaskTitle } from './task-title.js';

export type UserId = number;
export type TaskId = number;

/** The fields a caller may write; everything else is derived or allocated. */
export interface TaskFields {
  readonly title: TaskTitle;
  readonly description: string | null;
  readonly date: LocalDateTime | null;
  readonly priority: TaskPriority;
  readonly active: boolean;
  readonly projectId: number | null;
  readonly clientId: number | null;
  readonly categoryId: number | null;
  readonly assigneeId: UserId | null;
  readonly timePlanned: Duration | null;
  readonly pricePlanned: Money | null;
}

export interface Task extends TaskFields {
  readonly id: TaskId;
  readonly ownerId: UserId;
  /** Sequential number within (owner, client); see TaskNumberAllocator. */
  readonly clientTaskId: number;
  readonly status: TaskStatus;
  readonly completedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** Incremented by the repository on every stored write; the basis for ETags and If-Match. */
  readonly version: number;
}

/** A task that has not been stored yet: no id. */
export type NewTask = Omit<Task, 'id'>;

export const TASK_DEFAULTS = {
  description: null,
  date: null,
  priority: 0,
  active: true,
  projectId: null,
  clientId: null,
  categoryId: null,
  assigneeId: null,
  timePlanned: null,
  pricePlanned: null,
} as const satisfies Omit<TaskFields, 'title'>;

export const formatClientTaskId = (clientTaskId: number): string => `#${clientTaskId}`;

export const isOwnedBy = (task: Pick<Task, 'ownerId'>, userId: UserId): boolean => task.ownerId === userId;

export const isVisibleTo = (task: Pick<Task, 'ownerId' | 'assigneeId'>, userId: UserId): boolean =>
  task.ownerId === userId || task.assigneeId === userId;

/** Who sees a task (the users `isVisibleTo` holds for): its owner, and its assignee when someone else. */
export const seersOf = (task: Pick<Task, 'ownerId' | 'assigneeId'> | null | undefined): readonly UserId[] =>
  task === null || task === undefined
    ? []
    : task.assigneeId === null || task.assigneeId === task.ownerId
      ? [task.ownerId]
      : [task.ownerId, task.assigneeId];

/** Tasks without a client number from the owner's own counter, kept apart from every client's. */
export const numberingScope = (task: Pick<TaskFields, 'clientId'>): number => task.clientId ?? 0;

const FIELD_NAMES = ['title', ...Object.keys(TASK_DEFAULTS)] as (keyof TaskFields)[];

/** Applies writable fields; returns the same task (not a touched copy) when nothing differs. */
export const applyFields = (task: Task, fields: TaskFields, at: Date): Task =>
  FIELD_NAMES.every((name) => task[name] === fields[name]) ? task : { ...task, ...fields, updatedAt: at };
