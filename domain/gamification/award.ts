import { TaskStatus } from '../task/task-status.js';

/** What a task's move from one status to another does to the points of its completion. */
export type Award =
  /** Completed: the completion is scored and its points awarded. */
  | 'score'
  /** Reopened or cancelled after being done: exactly what its completion earned is taken back. */
  | 'take-back'
  | 'none';

/**
 * The award of a status move (`from` null: the task is being created).
 * - A task created with any status, done included, earns nothing: points are for completing work,
 *   not for recording work already done.
 * - Any status to done: scored. Done to any other status: taken back. Anything else: nothing.
 */
export const awardFor = (from: TaskStatus | null, to: TaskStatus): Award => {
  if (from === null || from === to) return 'none';
  if (to === TaskStatus.Done) return 'score';
  if (from === TaskStatus.Done) return 'take-back';
  return 'none';
};
