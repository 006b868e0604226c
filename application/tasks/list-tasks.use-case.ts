import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Task } from '../../domain/task/task.js';
import type { ChangeLogReader } from '../ports/change-log.port.js';
import type { TaskListQuery, TaskReadModel } from '../ports/task-read-model.port.js';
import type { Actor } from '../shared/actor.js';
import type { InfrastructureError, InvalidCursor, ValidationFailed } from '../shared/errors.js';
import {
  readVersioned,
  readVersionedUnless,
  type Unchanged,
  type VersionedRead,
} from '../shared/list-version.js';
import { type ListOf, type Opened, openPage, type PageAnswer, pageAnswer } from '../shared/paging.js';
import { query } from '../shared/read.js';
import type { ListTasksBody } from './task.codecs.js';

export type ListTasksError = ValidationFailed | InvalidCursor | InfrastructureError;

export interface TaskList extends PageAnswer<Task> {
  /** Changes whenever anything this list could show changes for the caller (CONTRACT §9). */
  readonly version: string;
}

type OpenedTaskQuery = Opened<TaskListQuery & { readonly cursor?: string | undefined }>;

/** Tasks owned by or assigned to the caller, filtered (all filters AND), sorted and paged. */
export class ListTasks {
  constructor(
    private readonly tasks: TaskReadModel,
    private readonly changeLog: ChangeLogReader,
  ) {}

  execute(actor: Actor, input: ListTasksBody): TE.TaskEither<ListTasksError, TaskList> {
    return pipe(
      this.open(actor, input),
      TE.flatMap((listQuery) => readVersioned(this.read(actor, listQuery))),
    );
  }

  /** As `execute`, or `Unchanged` without reading the page when `version` (if given) is still the list's. */
  executeUnless(
    actor: Actor,
    input: ListTasksBody,
    version: string | undefined,
  ): TE.TaskEither<ListTasksError, TaskList | Unchanged> {
    return pipe(
      this.open(actor, input),
      TE.flatMap((listQuery) => readVersionedUnless(this.read(actor, listQuery), version)),
    );
  }

  /** The query with its sort defaulted (id ascending), and its page opened. */
  private open(
    actor: Actor,
    { sort, ...filters }: ListTasksBody,
  ): TE.TaskEither<ValidationFailed | InvalidCursor, OpenedTaskQuery> {
    return TE.fromEither(
      openPage(listOf(actor), {
        ...filters,
        sort: { by: sort?.by ?? 'id', direction: sort?.direction ?? 'asc' },
      } as const),
    );
  }

  private read(
    actor: Actor,
    listQuery: OpenedTaskQuery,
  ): VersionedRead<InfrastructureError, PageAnswer<Task>> {
    return {
      changeLog: this.changeLog,
      userId: actor.userId,
      resource: 'tasks',
      query: listQuery,
      page: () =>
        query(async () =>
          pageAnswer(listOf(actor), listQuery, await this.tasks.list(actor.userId, listQuery)),
        ),
    };
  }
}

const listOf = (actor: Actor): ListOf => ({ userId: actor.userId, list: 'tasks' });
