import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { AchievementCode } from '../../domain/gamification/achievements.js';
import { awardFor } from '../../domain/gamification/award.js';
import {
  feedback,
  type GamificationEvent,
  type GamificationFeedback,
  type GamificationState,
  revokeCompletion,
  scoreCompletion,
} from '../../domain/gamification/scoring.js';
import type { LocalDate } from '../../domain/shared/local-date-time.js';
import { localDayIn, UTC } from '../../domain/shared/time-zone.js';
import { changeStatus, type StatusChange, type StatusTransition } from '../../domain/task/status-change.js';
import { formatClientTaskId, isVisibleTo, type Task, type TaskId } from '../../domain/task/task.js';
import type { Clock } from '../ports/clock.port.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { decodeWith, validationFailed } from '../shared/decode.js';
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
 * happen in one transaction. PATCH and PUT run `transition` and `award` inside their own.
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
            const transition = this.transition(actor, task, status, at);
            if (E.isLeft(transition)) return transition;
            const { change } = transition.right;
            const stored = change === null ? task : await repositories.tasks.update(transition.right.task);
            const gamification = await this.award(repositories, actor, stored, change, at);
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

  /** The move itself, checked: the task to store, and the change to record (null when it already had `to`). */
  transition(actor: Actor, task: Task, to: number, at: Date): E.Either<ValidationFailed, StatusTransition> {
    const transition = changeStatus(task, to, actor.userId, at);
    return E.isLeft(transition)
      ? E.left(validationFailed([{ field: 'status', code: 'OUT_OF_RANGE', message: 'must be 0, 1, 2 or 3' }]))
      : transition;
  }

  /**
   * Records a move of the stored `task`: its history entry, and the points it earns or takes back.
   * Called once the task is stored: loading the profile locks it to the commit (on PostgreSQL), so
   * the fewer statements follow, the sooner the next change of the same user's tasks may go on.
   */
  async award(
    repositories: Repositories,
    actor: Actor,
    task: Task,
    change: StatusChange | null,
    at: Date,
  ): Promise<GamificationFeedback> {
    const zone = (await repositories.users.findById(actor.userId))?.timezone ?? UTC;
    const today = localDayIn(zone, at);
    // The history before the profile: loading the profile locks it to the commit.
    if (change !== null) await repositories.history.append(change);
    const before = await repositories.gamification.load(actor.userId, today);
    let after: GamificationState = before;
    let unlocked: readonly AchievementCode[] = [];
    let event: GamificationEvent = 'no_change';

    if (change !== null) {
      event = 'status_changed';
      const award = awardFor(change.from, change.to);
      if (award === 'score') {
        const scored = scoreCompletion(before, task, zone, at);
        await repositories.gamification.recordCompletion(scored.completion);
        await repositories.gamification.save(scored.state);
        ({ state: after, unlocked } = scored);
        event = 'task_completed';
      } else if (award === 'take-back') {
        after = await this.takeBackCompletion(repositories, actor, before, task.id, at, today);
        event = 'task_reopened';
      }
    }

    const label = formatClientTaskId(task.clientTaskId);
    return feedback({ event, before, after, unlocked, taskLabel: label, zone, at });
  }

  /**
   * Takes back exactly what the task's standing completion awarded, from whoever it was awarded to.
   * Returns the caller's state afterwards (unchanged when someone else had earned the points).
   */
  private async takeBackCompletion(
    repositories: Repositories,
    actor: Actor,
    callerState: GamificationState,
    taskId: TaskId,
    at: Date,
    today: LocalDate,
  ): Promise<GamificationState> {
    const completion = await repositories.gamification.revokeCompletion(taskId, at);
    if (completion === null) return callerState;
    const awardee =
      completion.userId === actor.userId
        ? callerState
        : // Only the awardee's points and count change: their ledger window does not matter.
          await repositories.gamification.load(completion.userId, today);
    const revoked = revokeCompletion(awardee, completion);
    await repositories.gamification.save(revoked);
    return completion.userId === actor.userId ? revoked : callerState;
  }
}
