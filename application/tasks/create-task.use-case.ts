import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { creationEntry } from '../../domain/task/status-change.js';
import { numberingScope, TASK_DEFAULTS, type Task } from '../../domain/task/task.js';
import { TaskStatus } from '../../domain/task/task-status.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { decodeWith } from '../shared/decode.js';
import type { InfrastructureError, InvalidReference, ValidationFailed } from '../shared/errors.js';
import { resolveReferences } from '../shared/resolve-references.js';
import * as seq from '../shared/sequence.js';
import { placeInOwnersZone } from '../shared/wall-clock.js';
import { createTaskInput } from './task.codecs.js';
import { changesFrom } from './task-changes.js';

export type CreateTaskError = ValidationFailed | InvalidReference | InfrastructureError;

const decode = decodeWith(createTaskInput);

/**
 * Creates a task owned by the caller, numbers it within its client and writes the first history
 * entry. A task created done gets `completedAt` but earns no points (no farming by creating).
 */
export class CreateTask {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(actor: Actor, input: unknown): TE.TaskEither<CreateTaskError, Task> {
    return pipe(
      TE.fromEither(decode(input)),
      seq.flatMap((decoded) =>
        this.unitOfWork.run(async (repositories): Promise<E.Either<InvalidReference, Task>> => {
          const body = await placeInOwnersZone(repositories.users, actor.userId, decoded);
          const base = { ...TASK_DEFAULTS, title: body.title };
          const fields = await resolveReferences(
            repositories.references,
            actor.userId,
            'task',
            base,
            changesFrom(body),
          );
          if (E.isLeft(fields)) return fields;
          const now = this.clock.now();
          const status = body.status ?? TaskStatus.New;
          const task = await repositories.tasks.add({
            ...fields.right,
            ownerId: actor.userId,
            clientTaskId: await repositories.taskNumbers.next(actor.userId, numberingScope(fields.right)),
            status,
            completedAt: status === TaskStatus.Done ? now : null,
            createdAt: now,
            updatedAt: now,
            version: 1,
          });
          // Its history starts here, and its points do not: `awardFor(null, status)` is 'none'
          // whatever the status (domain/gamification/award.ts), so creating awards nothing.
          await repositories.history.append(creationEntry(task, actor.userId));
          return E.right(task);
        }),
      ),
    );
  }
}
