import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { TASK_DEFAULTS, type Task, type TaskId } from '../../domain/task/task.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { decodeWith } from '../shared/decode.js';
import type { InfrastructureError } from '../shared/errors.js';
import type { Precondition } from '../shared/precondition.js';
import type { ChangeTaskStatus } from './change-task-status.use-case.js';
import { type EditOutcome, type EditTaskError, editTask } from './edit-task.js';
import { replaceTaskInput } from './task.codecs.js';

const decode = decodeWith(replaceTaskInput);

export type ReplaceTaskError = EditTaskError | InfrastructureError;

/** PUT: full replacement; omitted fields take their create defaults, except `status`, which stays. */
export class ReplaceTask {
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
  ): TE.TaskEither<ReplaceTaskError, EditOutcome> {
    return pipe(
      TE.fromEither(decode(input)),
      TE.flatMap((body) =>
        this.unitOfWork.run((repositories) =>
          editTask(
            repositories,
            this.changeStatus,
            actor,
            { taskId, body, base: (task) => ({ ...TASK_DEFAULTS, title: task.title }), precondition },
            this.clock.now(),
          ),
        ),
      ),
    );
  }
}
