import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
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
import { formatClientTaskId, type Task, type TaskId } from '../../domain/task/task.js';
import type { Repositories } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { validationFailed } from '../shared/decode.js';
import type { ValidationFailed } from '../shared/errors.js';

/**
 * A task's status move, as every use case that moves one makes it (ChangeTaskStatus, and PATCH and
 * PUT with a status): the domain's transition checked, then, inside the caller's unit of work, its
 * history entry and what it earns or takes back. No use case reaches into another for this.
 */

/** The move itself, checked: the task to store, and the change to record (null when it already had `to`). */
export const checkedTransition = (
  actor: Actor,
  task: Task,
  to: number,
  at: Date,
): E.Either<ValidationFailed, StatusTransition> => {
  return pipe(
    changeStatus(task, to, actor.userId, at),
    E.mapLeft(() =>
      validationFailed([{ field: 'status', code: 'OUT_OF_RANGE', message: 'must be 0, 1, 2 or 3' }]),
    ),
  );
};

/**
 * Takes back exactly what the task's standing completion awarded, from whoever it was awarded to.
 * Returns the caller's state afterwards (unchanged when someone else had earned the points).
 */
const takeBackCompletion = async (
  repositories: Repositories,
  actor: Actor,
  callerState: GamificationState,
  taskId: TaskId,
  at: Date,
  today: LocalDate,
): Promise<GamificationState> => {
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
};

/**
 * Records a move of the stored `task`: its history entry, and the points it earns or takes back
 * (the domain's `awardFor`). Called once the task is stored: loading the profile locks it to the
 * commit (on PostgreSQL), so the fewer statements follow, the sooner the next change of the same
 * user's tasks may go on.
 */
export const awardStatusMove = async (
  repositories: Repositories,
  actor: Actor,
  task: Task,
  change: StatusChange | null,
  at: Date,
): Promise<GamificationFeedback> => {
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
      await repositories.gamification.recordCompletions([scored.completion]);
      await repositories.gamification.save(scored.state);
      ({ state: after, unlocked } = scored);
      event = 'task_completed';
    } else if (award === 'take-back') {
      after = await takeBackCompletion(repositories, actor, before, task.id, at, today);
      event = 'task_reopened';
    }
  }

  const label = formatClientTaskId(task.clientTaskId);
  return feedback({ event, before, after, unlocked, taskLabel: label, zone, at });
};
