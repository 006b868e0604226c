import type { Duration } from '../shared/duration.js';
import type { LocalDateTime } from '../shared/local-date-time.js';
import type { Task } from '../task/task.js';
import { TaskStatus } from '../task/task-status.js';
import type { Stored, TimeFields } from '../workspace/records.js';

/** One event of a calendar feed, in the owner's wall-clock time. */
export interface CalendarEvent {
  /** Stable across reads, so that a calendar app updates the event rather than adding one. */
  readonly uid: string;
  readonly summary: string;
  readonly description: string | null;
  readonly start: LocalDateTime;
  /** A whole day (a task planned at 00:00:00): it lasts the day, whatever its planned time. */
  readonly allDay: boolean;
  readonly durationSeconds: number;
  readonly cancelled: boolean;
  readonly lastModified: Date;
}

/** What a calendar shows of a dated task. */
export type CalendarTask = Pick<
  Task,
  'id' | 'title' | 'description' | 'status' | 'timePlanned' | 'updatedAt'
> & {
  readonly date: LocalDateTime;
};

/** A record with a date: only those are a calendar's events. */
export const isDated = <R extends { readonly date: LocalDateTime | null }>(
  record: R,
): record is R & { readonly date: LocalDateTime } => record.date !== null;

/** How long a task without a planned time is shown (CONTRACT §12). */
export const DEFAULT_TASK_SECONDS = 30 * 60;
const DONE_MARK = '✓ ';
const MIDNIGHT = 'T00:00:00';

/**
 * A dated task as an event: done tasks marked in the summary, cancelled ones kept but cancelled, so
 * that a calendar app removes them from its view rather than showing a stale plan.
 */
export const taskEvent = (task: CalendarTask): CalendarEvent => ({
  uid: `task-${task.id}@workspace-api`,
  summary: task.status === TaskStatus.Done ? `${DONE_MARK}${task.title}` : task.title,
  description: task.description,
  start: task.date,
  allDay: task.date.endsWith(MIDNIGHT),
  durationSeconds: task.timePlanned ?? DEFAULT_TASK_SECONDS,
  cancelled: task.status === TaskStatus.Cancelled,
  lastModified: task.updatedAt,
});

/**
 * A dated time record as an event lasting the time spent, named by its description or else by its
 * task's title. Always timed, even at midnight: a whole day would lose how long it was.
 */
export const timeEvent = (
  time: Stored<TimeFields> & { readonly date: LocalDateTime },
  taskTitle: string | null,
): CalendarEvent => ({
  uid: `time-${time.id}@workspace-api`,
  summary: time.description ?? taskTitle ?? 'Time record',
  description: time.description !== null && taskTitle !== null ? taskTitle : null,
  start: time.date,
  allDay: false,
  durationSeconds: time.timeReally satisfies Duration,
  cancelled: false,
  lastModified: time.updatedAt,
});
