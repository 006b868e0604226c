import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { isOwnedBy, isVisibleTo, type Task, type TaskId } from '../../domain/task/task.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import {
  type InfrastructureError,
  type NotFound,
  type NotTaskOwner,
  notFound,
  type PreconditionFailed,
  preconditionFailed,
} from '../shared/errors.js';
import { holds, type Precondition } from '../shared/precondition.js';

export type DeleteTaskError = NotFound | NotTaskOwner | PreconditionFailed | InfrastructureError;

/** Deletes a task and its history for good. Points already earned stay. */
export class DeleteTask {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(
    actor: Actor,
    taskId: TaskId,
    precondition?: Precondition<Task>,
  ): TE.TaskEither<DeleteTaskError, { readonly id: TaskId }> {
    return this.unitOfWork.run(
      async (
        repositories,
      ): Promise<E.Either<NotFound | NotTaskOwner | PreconditionFailed, { readonly id: TaskId }>> => {
        const task = await repositories.tasks.findForUpdate(taskId);
        if (task === null || !isVisibleTo(task, actor.userId)) return E.left(notFound('task'));
        // May this caller delete it at all, before whether it is still the version they read.
        if (!isOwnedBy(task, actor.userId)) return E.left({ _tag: 'NotTaskOwner' });
        if (!holds(precondition, task)) return E.left(preconditionFailed);
        await repositories.tasks.delete(taskId);
        return E.right({ id: taskId });
      },
    );
  }
}
