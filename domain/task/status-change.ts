import * as E from 'fp-ts/lib/Either.js';
import type { Task, UserId } from './task.js';
import { isTaskStatus, TaskStatus } from './task-status.js';

/** One real status move, the content of a history entry. */
export interface StatusChange {
  readonly taskId: number;
  readonly from: TaskStatus | null;
  readonly to: TaskStatus;
  readonly changedBy: UserId;
  readonly changedAt: Date;
}

export interface StatusHistoryEntry extends StatusChange {
  readonly id: number;
}

export type StatusTransitionError = { readonly _tag: 'UnknownStatus'; readonly status: number };

export interface StatusTransition {
  readonly task: Task;
  /** null when the task already had that status: nothing to record. */
  readonly change: StatusChange | null;
}

/**
 * Moves a task to `to`. Every move between the four statuses is allowed (the contract forbids none);
 * `completed_at` is set on entering done and cleared on leaving it.
 */
export const changeStatus = (
  task: Task,
  to: number,
  changedBy: UserId,
  at: Date,
): E.Either<StatusTransitionError, StatusTransition> => {
  if (!isTaskStatus(to)) return E.left({ _tag: 'UnknownStatus', status: to });
  if (task.status === to) return E.right({ task, change: null });
  const completedAt = to === TaskStatus.Done ? at : null;
  return E.right({
    task: { ...task, status: to, completedAt, updatedAt: at },
    change: { taskId: task.id, from: task.status, to, changedBy, changedAt: at },
  });
};

/** The first history entry, written when a task is created. */
export const creationEntry = (task: Task, createdBy: UserId): StatusChange => ({
  taskId: task.id,
  from: null,
  to: task.status,
  changedBy: createdBy,
  changedAt: task.createdAt,
});
