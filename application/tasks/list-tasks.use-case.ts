import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Task } from '../../domain/task/task.js';
import type { Paged } from '../ports/paging.js';
import type { TaskListQuery, TaskReadModel } from '../ports/task-read-model.port.js';
import type { Actor } from '../shared/actor.js';
import { decodeWith } from '../shared/decode.js';
import type { InfrastructureError, ValidationFailed } from '../shared/errors.js';
import { withPageDefaults } from '../shared/paging.js';
import { query } from '../shared/read.js';
import * as seq from '../shared/sequence.js';
import { listTasksInput } from './task.codecs.js';

export type ListTasksError = ValidationFailed | InfrastructureError;

const decode = decodeWith(listTasksInput);

export interface TaskList extends Paged<Task> {
  readonly limit: number;
  readonly offset: number;
}

/** Tasks owned by or assigned to the caller, filtered (all filters AND), sorted and paged. */
export class ListTasks {
  constructor(private readonly tasks: TaskReadModel) {}

  execute(actor: Actor, input: unknown): TE.TaskEither<ListTasksError, TaskList> {
    return pipe(
      TE.fromEither(decode(input)),
      seq.map(
        ({ sort, ...filters }): TaskListQuery => ({
          ...withPageDefaults(filters),
          sort: { by: sort?.by ?? 'id', direction: sort?.direction ?? 'asc' },
        }),
      ),
      seq.flatMap((listQuery) =>
        pipe(
          query(() => this.tasks.list(actor.userId, listQuery)),
          seq.map((page) => ({ ...page, limit: listQuery.limit, offset: listQuery.offset })),
        ),
      ),
    );
  }
}
