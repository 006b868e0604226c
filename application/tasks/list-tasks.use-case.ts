import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Task } from '../../domain/task/task.js';
import type { ChangeLogReader } from '../ports/change-log.port.js';
import type { Paged } from '../ports/paging.js';
import type { TaskListQuery, TaskReadModel } from '../ports/task-read-model.port.js';
import type { Actor } from '../shared/actor.js';
import { decodeWith } from '../shared/decode.js';
import type { InfrastructureError, ValidationFailed } from '../shared/errors.js';
import {
  readVersioned,
  readVersionedUnless,
  type Unchanged,
  type VersionedRead,
} from '../shared/list-version.js';
import { withPageDefaults } from '../shared/paging.js';
import * as seq from '../shared/sequence.js';
import { listTasksInput } from './task.codecs.js';

export type ListTasksError = ValidationFailed | InfrastructureError;

const decode = decodeWith(listTasksInput);

export interface TaskList extends Paged<Task> {
  readonly limit: number;
  readonly offset: number;
  /** Changes whenever anything this list could show changes for the caller (CONTRACT §9). */
  readonly version: string;
}

/** Tasks owned by or assigned to the caller, filtered (all filters AND), sorted and paged. */
export class ListTasks {
  constructor(
    private readonly tasks: TaskReadModel,
    private readonly changeLog: ChangeLogReader,
  ) {}

  execute(actor: Actor, input: unknown): TE.TaskEither<ListTasksError, TaskList> {
    return pipe(
      this.decode(input),
      seq.flatMap((listQuery) => readVersioned(this.read(actor, listQuery))),
    );
  }

  /** As `execute`, or `Unchanged` without reading the page when `version` (if given) is still the list's. */
  executeUnless(
    actor: Actor,
    input: unknown,
    version: string | undefined,
  ): TE.TaskEither<ListTasksError, TaskList | Unchanged> {
    return pipe(
      this.decode(input),
      seq.flatMap((listQuery) => readVersionedUnless(this.read(actor, listQuery), version)),
    );
  }

  private decode(input: unknown): TE.TaskEither<ValidationFailed, TaskListQuery> {
    return pipe(
      TE.fromEither(decode(input)),
      seq.map(
        ({ sort, ...filters }): TaskListQuery => ({
          ...withPageDefaults(filters),
          sort: { by: sort?.by ?? 'id', direction: sort?.direction ?? 'asc' },
        }),
      ),
    );
  }

  private read(actor: Actor, listQuery: TaskListQuery): VersionedRead<Omit<TaskList, 'version'>> {
    return {
      changeLog: this.changeLog,
      userId: actor.userId,
      resource: 'tasks',
      query: listQuery,
      page: async () => ({
        ...(await this.tasks.list(actor.userId, listQuery)),
        limit: listQuery.limit,
        offset: listQuery.offset,
      }),
    };
  }
}
