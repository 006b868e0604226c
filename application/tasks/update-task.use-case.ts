import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Task, TaskId } from '../../domain/task/task.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { decodeWith } from '../shared/decode.js';
import type { InfrastructureError } from '../shared/errors.js';
import type { Precondition } from '../shared/precondition.js';
import type { ChangeTaskStatus } from './change-task-status.use-case.js';
import { type EditOutcome, type EditTaskError, editTask } from './edit-task.js';
import { updateTaskInput } from './task.codecs.js';

const decode = decodeWith(updateTaskInput);

export type UpdateTaskError = EditTaskError | InfrastructureError;

/** PATCH: changes only the fields sent; `{}` changes nothing. An assignee may send only `status`. */
export class UpdateTask {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly changeStatus: ChangeTaskStatus,
    private readonly clock: Clock,
  ) {}

  execute(
    actor: Actor,
    taskId: TaskId,
    input: unknown,
    precondition?: Precondition<Task>,
  ): TE.TaskEither<UpdateTaskError, EditOutcome> {
    return pipe(
      TE.fromEither(decode(input)),
      TE.flatMap((body) =>
        this.unitOfWork.run((repositories) =>
          editTask(
            repositories,
            this.changeStatus,
            actor,
            { taskId, body, base: (task) => task, precondition },
            this.clock.now(),
          ),
        ),
      ),
    );
  }
}
