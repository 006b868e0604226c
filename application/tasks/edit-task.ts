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

/**
 * The task, if this caller may make this edit of it: one they see, a change they may make at all
 * (an assignee may only move the status), and only then whether it is still the version they read.
 */
const editable = (actor: Actor, edit: TaskEdit, task: Task | null): E.Either<EditTaskError, Task> => {
  if (task === null || !isVisibleTo(task, actor.userId)) return E.left(notFound('task'));
  if (!isOwnedBy(task, actor.userId) && Object.keys(edit.body).some((key) => !ASSIGNEE_WRITABLE.has(key)))
    return E.left({ _tag: 'NotTaskOwner' });
  return holds(edit.precondition, task) ? E.right(task) : E.left(preconditionFailed);
};

/**
 * The task's fields after the body: a zoned date placed in the owner's timezone, references checked.
 * A body of `status` alone (most PATCHes) changes no field: nothing to place, nothing to look up.
 */
const resolvedFields = (
  repositories: Repositories,
  edit: TaskEdit,
  task: Task,
): TE.TaskEither<InvalidReference, TaskFields> =>
  changesNoField(edit.body)
    ? TE.right(edit.base(task))
    : pipe(
        TE.fromTask(() => placeInOwnersZone(repositories.users, task.ownerId, edit.body)),
        TE.flatMap(
          (placed) => () =>
            resolveReferences(
              repositories.references,
              task.ownerId,
              'task',
              edit.base(task),
              changesFrom(placed),
            ),
        ),
      );

/** The task with its new fields, numbered again when it moved to another client's numbering. */
const withFields = async (repositories: Repositories, task: Task, fields: TaskFields, at: Date) => {
  const edited = applyFields(task, fields, at);
  if (numberingScope(fields) === numberingScope(task)) return edited;
  return {
    ...edited,
    clientTaskId: await repositories.taskNumbers.next(task.ownerId, numberingScope(fields)),
  };
};

/** The edited task moved to the body's status, if it names one. */
const moved = (
  actor: Actor,
  edited: Task,
  status: number | undefined,
  at: Date,
): E.Either<ValidationFailed, { readonly task: Task; readonly change: StatusChange | null }> =>
  status === undefined
    ? E.right({ task: edited, change: null })
    : checkedTransition(actor, edited, status, at);

/** The shared heart of PATCH and PUT, run inside the caller's unit of work. */
export const editTask = (
  repositories: Repositories,
  actor: Actor,
  edit: TaskEdit,
  at: Date,
): TE.TaskEither<EditTaskError, EditOutcome> =>
  pipe(
    TE.fromTask(() => repositories.tasks.findForUpdate(edit.taskId)),
    TE.flatMapEither((task) => editable(actor, edit, task)),
    TE.bindTo('task'),
    TE.bindW('fields', ({ task }) => resolvedFields(repositories, edit, task)),
    TE.bindW('edited', ({ task, fields }) => TE.fromTask(() => withFields(repositories, task, fields, at))),
    TE.bindW('move', ({ edited }) => TE.fromEither(moved(actor, edited, edit.body.status, at))),
    TE.flatMap(({ task, edited, move }) =>
      TE.fromTask(async () => {
        // Whether anything but the status changes: a status change alone sends no `task.updated`.
        const otherFields = edited !== task;
        // Nothing changed (PATCH {}, or the same values again): no write, no new updated_at or version.
        const stored = move.task === task ? task : await repositories.tasks.update(move.task);
        const gamification =
          edit.body.status === undefined
            ? null
            : await awardStatusMove(repositories, actor, stored, move.change, at);
        if (move.change !== null && gamification !== null)
          repositories.changeNotes.statusChanged(stored.id, {
            from: move.change.from,
            to: move.change.to,
            otherFields,
            gamification,
          });
        return { task: stored, gamification };
      }),
    ),
  );

export type TaskEditingError = EditTaskError | InfrastructureError;

/**
 * PATCH and PUT as use cases: the task edited in one unit of work. They differ only in what the
 * body's changes apply to (PUT's omitted fields take their defaults).
 */
export abstract class TaskEditing<B extends TaskBody = TaskBody> {
  protected abstract base(task: Task): TaskFields;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(
    actor: Actor,
    taskId: TaskId,
    body: B,
    precondition?: Precondition<Task>,
  ): TE.TaskEither<TaskEditingError, EditOutcome> {
    return this.unitOfWork.run((repositories) =>
      editTask(
        repositories,
        actor,
        { taskId, body, base: (task) => this.base(task), precondition },
        this.clock.now(),
      )(),
    );
  }
}
