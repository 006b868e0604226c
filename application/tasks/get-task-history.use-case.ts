import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { StatusHistoryEntry } from '../../domain/task/status-change.js';
import type { TaskId } from '../../domain/task/task.js';
import type { TaskReadModel } from '../ports/task-read-model.port.js';
import type { Actor } from '../shared/actor.js';
import { decodeWith } from '../shared/decode.js';
import {
  type InfrastructureError,
  type InvalidCursor,
  type NotFound,
  notFound,
  type ValidationFailed,
} from '../shared/errors.js';
import { type ListOf, openPage, type PageAnswer, pageAnswer } from '../shared/paging.js';
import { query } from '../shared/read.js';
import * as seq from '../shared/sequence.js';
import { pageInput } from './task.codecs.js';

export type GetTaskHistoryError = ValidationFailed | InvalidCursor | NotFound | InfrastructureError;

const decode = decodeWith(pageInput);

export type HistoryPage = PageAnswer<StatusHistoryEntry>;

/** The status history of a task the caller can see, oldest first. */
export class GetTaskHistory {
  constructor(private readonly tasks: TaskReadModel) {}

  execute(actor: Actor, taskId: TaskId, input: unknown): TE.TaskEither<GetTaskHistoryError, HistoryPage> {
    const of: ListOf = { userId: actor.userId, list: `tasks/${taskId}/history` };
    const decoded = decode(input);
    const page = E.isLeft(decoded) ? decoded : openPage(of, decoded.right);
    return pipe(
      TE.fromEither(page),
      seq.flatMap((opened) =>
        pipe(
          query(() => this.tasks.findVisible(actor.userId, taskId)),
          seq.flatMap(TE.fromNullable<GetTaskHistoryError>(notFound('task'))),
          seq.flatMap(() => query(() => this.tasks.history(taskId, opened))),
          seq.map((history) => pageAnswer(of, opened, history)),
        ),
      ),
    );
  }
}
