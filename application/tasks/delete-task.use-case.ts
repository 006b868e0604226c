import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { isOwnedBy, isVisibleTo, type TaskId } from '../../domain/task/task.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { type InfrastructureError, type NotFound, type NotTaskOwner, notFound } from '../shared/errors.js';

export type DeleteTaskError = NotFound | NotTaskOwner | InfrastructureError;

/** Deletes a task and its history for good. Points already earned stay. */
export class DeleteTask {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(actor: Actor, taskId: TaskId): TE.TaskEither<DeleteTaskError, { readonly id: TaskId }> {
    return this.unitOfWork.run(
      async (repositories): Promise<E.Either<NotFound | NotTaskOwner, { readonly id: TaskId }>> => {
        const task = await repositories.tasks.findForUpdate(taskId);
        if (task === null || !isVisibleTo(task, actor.userId)) return E.left(notFound('task'));
        if (!isOwnedBy(task, actor.userId)) return E.left({ _tag: 'NotTaskOwner' });
        await repositories.tasks.delete(taskId);
        return E.right({ id: taskId });
      },
    );
  }
}
