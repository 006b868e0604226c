import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Task } from '../../domain/task/task.js';
import type { Paged, TaskListQuery, TaskReadModel } from '../ports/task-read-model.port.js';
import type { Actor } from '../shared/actor.js';
import { decodeWith } from '../shared/decode.js';
import type { AppError } from '../shared/errors.js';
import { query } from '../shared/read.js';
import { DEFAULT_PAGE, listTasksQuery } from './task.codecs.js';

const decode = decodeWith(listTasksQuery);

export interface TaskList extends Paged<Task> {
  readonly limit: number;
  readonly offset: number;
}

/** Tasks owned by or assigned to the caller, filtered (all filters AND), sorted and paged. */
export class ListTasks {
  constructor(private readonly tasks: TaskReadModel) {}

  execute(actor: Actor, input: unknown): TE.TaskEither<AppError, TaskList> {
    return pipe(
      TE.fromEither(decode(input)),
      TE.map(
        (q): TaskListQuery => ({
          limit: q.limit ?? DEFAULT_PAGE.limit,
          offset: q.offset ?? DEFAULT_PAGE.offset,
          status: q.status,
          active: q.active,
          projectId: q.project_id,
          clientId: q.client_id,
          categoryId: q.category_id,
          clientTaskId: q.client_task_id,
          assigneeId: q.assignee_id,
          date: q.date,
          dateFrom: q.date_from,
          dateTo: q.date_to,
          search: q.search,
          priority: q.priority,
          updatedSince: q.updated_since,
          sort: q.sort ?? 'id',
        }),
      ),
      TE.flatMap((listQuery) =>
        pipe(
          query(() => this.tasks.list(actor.userId, listQuery)),
          TE.map((page) => ({ ...page, limit: listQuery.limit, offset: listQuery.offset })),
        ),
      ),
    );
  }
}
