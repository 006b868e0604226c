import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Task, TaskId } from '../../domain/task/task.js';
import type { TaskReadModel } from '../ports/task-read-model.port.js';
import type { Actor } from '../shared/actor.js';
import { type InfrastructureError, type NotFound, notFound } from '../shared/errors.js';
import { query } from '../shared/read.js';

export type GetTaskError = NotFound | InfrastructureError;

/** A task the caller owns or is assigned to; anything else is "not found". */
export class GetTask {
  constructor(private readonly tasks: TaskReadModel) {}

  execute(actor: Actor, taskId: TaskId): TE.TaskEither<GetTaskError, Task> {
    return pipe(
      query(() => this.tasks.findVisible(actor.userId, taskId)),
      TE.flatMap(TE.fromNullable<GetTaskError>(notFound('task'))),
    );
  }
}
