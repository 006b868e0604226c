import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { GamificationFeedback } from '../../domain/gamification/scoring.js';
import type { StatusChange } from '../../domain/task/status-change.js';
import { isVisibleTo, type Task, type TaskId } from '../../domain/task/task.js';
import { awardStatusMove, checkedTransition } from '../gamification/status-move.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import {
  type InfrastructureError,
  type NotFound,
  notFound,
  type ValidationFailed,
} from '../shared/errors.js';
import type { ChangeStatusBody } from './task.codecs.js';

export interface StatusOutcome {
  readonly task: Task;
  readonly gamification: GamificationFeedback;
}

export type ChangeTaskStatusError = ValidationFailed | NotFound | InfrastructureError;

/** The task (if the caller sees it) and its move to `status`, checked. */
const movable = (
  actor: Actor,
  task: Task | null,
  status: number,
  at: Date,
): E.Either<
  ValidationFailed | NotFound,
  { readonly task: Task; readonly moved: Task; readonly change: StatusChange | null }
> => {
  if (task === null || !isVisibleTo(task, actor.userId)) return E.left(notFound('task'));
  return pipe(
    checkedTransition(actor, task, status, at),
    E.map(({ task: moved, change }) => ({ task, moved, change })),
  );
};

/**
 * Moves a task to a new status: the task update, its history entry and the gamification update
 * happen in one transaction (`application/gamification/status-move.ts`, which PATCH and PUT call
 * inside their own).
 */
export class ChangeTaskStatus {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(
    actor: Actor,
    taskId: TaskId,
    { status }: ChangeStatusBody,
  ): TE.TaskEither<ChangeTaskStatusError, StatusOutcome> {
    return this.unitOfWork.run((repositories) => {
      const at = this.clock.now();
      return pipe(
        TE.fromTask(() => repositories.tasks.findForUpdate(taskId)),
        TE.flatMapEither((task) => movable(actor, task, status, at)),
        TE.flatMap(({ task, moved, change }) =>
          TE.fromTask(async (): Promise<StatusOutcome> => {
            const stored = change === null ? task : await repositories.tasks.update(moved);
            const gamification = await awardStatusMove(repositories, actor, stored, change, at);
            if (change !== null)
              repositories.changeNotes.statusChanged(stored.id, {
                from: change.from,
                to: change.to,
                otherFields: false,
                gamification,
              });
            return { task: stored, gamification };
          }),
        ),
      )();
    });
  }
}
