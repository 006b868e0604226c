import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { StatusHistoryEntry } from '../../domain/task/status-change.js';
import type { TaskId } from '../../domain/task/task.js';
import type { Paged } from '../ports/paging.js';
import type { TaskReadModel } from '../ports/task-read-model.port.js';
import type { Actor } from '../shared/actor.js';
import { decodeWith } from '../shared/decode.js';
import {
  type InfrastructureError,
  type NotFound,
  notFound,
  type ValidationFailed,
} from '../shared/errors.js';
import { withPageDefaults } from '../shared/paging.js';
import { query } from '../shared/read.js';
import * as seq from '../shared/sequence.js';
import { pageInput } from './task.codecs.js';

export type GetTaskHistoryError = ValidationFailed | NotFound | InfrastructureError;

const decode = decodeWith(pageInput);

export interface HistoryPage extends Paged<StatusHistoryEntry> {
  readonly limit: number;
  readonly offset: number;
}

/** The status history of a task the caller can see, oldest first. */
export class GetTaskHistory {
  constructor(private readonly tasks: TaskReadModel) {}

  execute(actor: Actor, taskId: TaskId, input: unknown): TE.TaskEither<GetTaskHistoryError, HistoryPage> {
    return pipe(
      TE.fromEither(decode(input)),
      seq.map(withPageDefaults),
      seq.flatMap((page) =>
        pipe(
          query(() => this.tasks.findVisible(actor.userId, taskId)),
          seq.flatMap(TE.fromNullable<GetTaskHistoryError>(notFound('task'))),
          seq.flatMap(() => query(() => this.tasks.history(taskId, page))),
          seq.map((history) => ({ ...history, ...page })),
        ),
      ),
    );
  }
}
