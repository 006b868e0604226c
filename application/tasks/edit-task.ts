import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { GamificationFeedback } from '../../domain/gamification/scoring.js';
import type { StatusChange } from '../../domain/task/status-change.js';
import {
  applyFields,
  isOwnedBy,
  isVisibleTo,
  numberingScope,
  type Task,
  type TaskFields,
  type TaskId,
} from '../../domain/task/task.js';
import { awardStatusMove, checkedTransition } from '../gamification/status-move.js';
import type { Clock } from '../ports/clock.port.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import {
  type InfrastructureError,
  type InvalidReference,
  type NotFound,
  type NotTaskOwner,
  notFound,
  type PreconditionFailed,
  preconditionFailed,
  type ValidationFailed,
} from '../shared/errors.js';
import { holds, type Precondition } from '../shared/precondition.js';
import { resolveReferences } from '../shared/resolve-references.js';
import * as seq from '../shared/sequence.js';
import { placeInOwnersZone } from '../shared/wall-clock.js';
import { changesFrom, type TaskBody } from './task-changes.js';

export interface EditOutcome {
  readonly task: Task;
  /** Present when the body held `status`, even if the status did not change. */
  readonly gamification: GamificationFeedback | null;
}

export interface TaskEdit {
  readonly taskId: TaskId;
  readonly body: TaskBody;
  /** The fields the body's changes apply to: the task's own (PATCH) or the create defaults (PUT). */
  readonly base: (task: Task) => TaskFields;
  /** What the task must still be for the edit to go ahead (If-Match). */
  readonly precondition?: Precondition<Task> | undefined;
}

const ASSIGNEE_WRITABLE = new Set(['status']);

/** Whether a body changes nothing besides the status. */
const changesNoField = (body: TaskBody): boolean => Object.keys(body).every((key) => key === 'status');

/** What PATCH and PUT can answer besides infrastructure failures. */
export type EditTaskError =
  | ValidationFailed
  | InvalidReference
  | NotFound
  | NotTaskOwner
  | PreconditionFailed;

/** The shared heart of PATCH and PUT, run inside the caller's unit of work. */
export const editTask = async (
  repositories: Repositories,
  actor: Actor,
  edit: TaskEdit,
  at: Date,
): Promise<E.Either<EditTaskError, EditOutcome>> => {
  const task = await repositories.tasks.findForUpdate(edit.taskId);
  if (task === null || !isVisibleTo(task, actor.userId)) return E.left(notFound('task'));
  // May this caller make this change at all, before whether the task is still the version they read.
  if (!isOwnedBy(task, actor.userId) && Object.keys(edit.body).some((key) => !ASSIGNEE_WRITABLE.has(key))) {
    return E.left({ _tag: 'NotTaskOwner' });
  }
  if (!holds(edit.precondition, task)) return E.left(preconditionFailed);

  // A body of `status` alone (most PATCHes) changes no field: no date to place in the owner's
  // timezone, no reference to look up.
  const resolved = changesNoField(edit.body)
    ? E.right(edit.base(task))
    : await resolveReferences(
        repositories.references,
        task.ownerId,
        'task',
        edit.base(task),
        changesFrom(await placeInOwnersZone(repositories.users, task.ownerId, edit.body)),
      );
  if (E.isLeft(resolved)) return resolved;

  let edited = applyFields(task, resolved.right, at);
  if (numberingScope(resolved.right) !== numberingScope(task)) {
    const clientTaskId = await repositories.taskNumbers.next(task.ownerId, numberingScope(resolved.right));
    edited = { ...edited, clientTaskId };
  }

  // Whether anything but the status changes: a status change alone sends no `task.updated`.
  const otherFields = edited !== task;
  let change: StatusChange | null = null;
  if (edit.body.status !== undefined) {
    const transition = checkedTransition(actor, edited, edit.body.status, at);
    if (E.isLeft(transition)) return transition;
    ({ task: edited, change } = transition.right);
  }

  // Nothing changed (PATCH {}, or the same values again): no write, no new updated_at or version.
  const stored = edited === task ? task : await repositories.tasks.update(edited);
  const gamification =
    edit.body.status === undefined ? null : await awardStatusMove(repositories, actor, stored, change, at);
  if (change !== null && gamification !== null)
    repositories.changeNotes.statusChanged(stored.id, {
      from: change.from,
      to: change.to,
      otherFields,
      gamification,
    });
  return E.right({ task: stored, gamification });
};

export type TaskEditingError = EditTaskError | InfrastructureError;

/**
 * PATCH and PUT as use cases: decode the body, then edit the task in one unit of work. They differ
 * only in their codec and in what the body's changes apply to.
 */
export abstract class TaskEditing {
  protected abstract readonly decode: (input: unknown) => E.Either<ValidationFailed, TaskBody>;
  protected abstract base(task: Task): TaskFields;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(
    actor: Actor,
    taskId: TaskId,
    input: unknown,
    precondition?: Precondition<Task>,
  ): TE.TaskEither<TaskEditingError, EditOutcome> {
    return pipe(
      TE.fromEither(this.decode(input)),
      seq.flatMap((body) =>
        this.unitOfWork.run((repositories) =>
          editTask(
            repositories,
            actor,
            { taskId, body, base: (task) => this.base(task), precondition },
            this.clock.now(),
          ),
        ),
      ),
    );
  }
}
