import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { GamificationFeedback } from '../../domain/gamification/scoring.js';
import { isVisibleTo, type Task, type TaskId } from '../../domain/task/task.js';
import { awardStatusMove, checkedTransition } from '../gamification/status-move.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { decodeWith } from '../shared/decode.js';
import {
  type InfrastructureError,
  type NotFound,
  notFound,
  type ValidationFailed,
} from '../shared/errors.js';
import * as seq from '../shared/sequence.js';
import { changeStatusInput } from './task.codecs.js';

export interface StatusOutcome {
  readonly task: Task;
  readonly gamification: GamificationFeedback;
}

export type ChangeTaskStatusError = ValidationFailed | NotFound | InfrastructureError;

const decode = decodeWith(changeStatusInput);

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

  execute(actor: Actor, taskId: TaskId, input: unknown): TE.TaskEither<ChangeTaskStatusError, StatusOutcome> {
    return pipe(
      TE.fromEither(decode(input)),
      seq.flatMap(({ status }) =>
        this.unitOfWork.run(
          async (repositories): Promise<E.Either<ValidationFailed | NotFound, StatusOutcome>> => {
            const task = await repositories.tasks.findForUpdate(taskId);
            if (task === null || !isVisibleTo(task, actor.userId)) return E.left(notFound('task'));
            const at = this.clock.now();
            const transition = checkedTransition(actor, task, status, at);
            if (E.isLeft(transition)) return transition;
            const { change } = transition.right;
            const stored = change === null ? task : await repositories.tasks.update(transition.right.task);
            const gamification = await awardStatusMove(repositories, actor, stored, change, at);
            if (change !== null)
              repositories.changeNotes.statusChanged(stored.id, {
                from: change.from,
                to: change.to,
                otherFields: false,
                gamification,
              });
            return E.right({ task: stored, gamification });
          },
        ),
      ),
    );
  }
}
