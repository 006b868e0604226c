import type { CalendarTask } from '../../domain/calendar/calendar-event.js';
import type { LocalDate } from '../../domain/shared/local-date-time.js';
import type { StatusHistoryEntry } from '../../domain/task/status-change.js';
import type { Task, TaskId, UserId } from '../../domain/task/task.js';
import type { TaskPriority } from '../../domain/task/task-priority.js';
import type { TaskStatus } from '../../domain/task/task-status.js';
import type { Page, Paged } from './paging.js';

/**
 * `priority` orders by the stored code (0 none, 1 critical, 2 this week, 3 optional); `importance`
 * by what the codes mean: critical, this week, optional, then none (`importanceRank`).
 */
export const TASK_SORT_FIELDS = ['id', 'date', 'priority', 'importance', 'createdAt', 'updatedAt'] as const;
export type TaskSortField = (typeof TASK_SORT_FIELDS)[number];

/** Nulls last in either direction; ties by id ascending, so pages never overlap or skip. */
export interface TaskSort {
  readonly by: TaskSortField;
  readonly direction: 'asc' | 'desc';
}

/** The filters of a task list (and of the tasks report); every one given must hold. */
export interface TaskFilters {
  readonly status?: TaskStatus;
  readonly active?: boolean;
  readonly projectId?: number;
  readonly clientId?: number;
  readonly categoryId?: number;
  readonly clientTaskId?: number;
  readonly assigneeId?: number;
  readonly date?: LocalDate;
  readonly dateFrom?: LocalDate;
  readonly dateTo?: LocalDate;
  readonly search?: string;
  readonly priority?: TaskPriority;
  readonly updatedSince?: Date;
}

export type CalendarTaskFilters = Pick<TaskFilters, 'projectId' | 'clientId'>;

export interface TaskListQuery extends TaskFilters, Page {
  readonly sort: TaskSort;
}

/**
 * The read side of tasks: answers queries straight from storage, outside any unit of work,
 * so the hot paths (get, list) stay fast.
 */
export interface TaskReadModel {
  /** A task the user owns or is assigned to. */
  findVisible(userId: UserId, id: TaskId): Promise<Task | null>;
  /** Tasks the user owns or is assigned to, filtered, sorted (ties by id) and paged. */
  list(userId: UserId, query: TaskListQuery): Promise<Paged<Task>>;
  /**
   * The dated tasks the user sees that are active (with their project and client), in date order
   * and then by id, narrowed to a project or a client when given: a calendar feed's, in one read.
   */
  calendar(userId: UserId, filters: CalendarTaskFilters): Promise<readonly CalendarTask[]>;
  /** The task's history, oldest first. */
  history(taskId: TaskId, page: Page): Promise<Paged<StatusHistoryEntry>>;
}
