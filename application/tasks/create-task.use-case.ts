import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { creationEntry } from '../../domain/task/status-change.js';
import { numberingScope, TASK_DEFAULTS, type Task } from '../../domain/task/task.js';
import { TaskStatus } from '../../domain/task/task-status.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import type { InfrastructureError, InvalidReference, ValidationFailed } from '../shared/errors.js';
import { resolveReferences } from '../shared/resolve-references.js';
import { placeInOwnersZone } from '../shared/wall-clock.js';
import type { CreateTaskBody } from './task.codecs.js';
import { changesFrom } from './task-changes.js';

export type CreateTaskError = ValidationFailed | InvalidReference | InfrastructureError;

/**
 * Creates a task owned by the caller, numbers it within its client and writes the first history
 * entry. A task created done gets `completedAt` but earns no points (no farming by creating).
 */
export class CreateTask {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(actor: Actor, input: CreateTaskBody): TE.TaskEither<CreateTaskError, Task> {
    return this.unitOfWork.run((repositories) =>
      pipe(
        TE.fromTask(() => placeInOwnersZone(repositories.users, actor.userId, input)),
        TE.flatMap((body) => {
          const base = { ...TASK_DEFAULTS, title: body.title };
          return pipe(
            () => resolveReferences(repositories.references, actor.userId, 'task', base, changesFrom(body)),
            TE.map((fields) => ({ fields, status: body.status ?? TaskStatus.New })),
          );
        }),
        TE.flatMap(({ fields, status }) =>
          TE.fromTask(async () => {
            const now = this.clock.now();
            const task = await repositories.tasks.add({
              ...fields,
              ownerId: actor.userId,
              clientTaskId: await repositories.taskNumbers.next(actor.userId, numberingScope(fields)),
              status,
              completedAt: status === TaskStatus.Done ? now : null,
              createdAt: now,
              updatedAt: now,
              version: 1,
            });
            // Its history starts here, and its points do not: `awardFor(null, status)` is 'none'
            // whatever the status (domain/gamification/award.ts), so creating awards nothing.
            await repositories.history.append(creationEntry(task, actor.userId));
            return task;
          }),
        ),
      )(),
    );
  }
}
