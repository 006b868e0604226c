import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { StatusHistoryEntry } from '../../domain/task/status-change.js';
import type { TaskId } from '../../domain/task/task.js';
import type { ChangeLogReader } from '../ports/change-log.port.js';
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
import { listVersion, type Unchanged } from '../shared/list-version.js';
import {
  type ListOf,
  type Opened,
  openPage,
  type PageAnswer,
  type PageRequest,
  pageAnswer,
} from '../shared/paging.js';
import { query } from '../shared/read.js';
import * as seq from '../shared/sequence.js';
import { pageInput } from './task.codecs.js';

export type GetTaskHistoryError = ValidationFailed | InvalidCursor | NotFound | InfrastructureError;

const decode = decodeWith(pageInput);

export interface HistoryPage extends PageAnswer<StatusHistoryEntry> {
  /** Changes whenever the task's history (or whether the caller sees the task) may have (CONTRACT §9). */
  readonly version: string;
}

interface OpenedHistory {
  readonly of: ListOf;
  readonly page: Opened<PageRequest>;
  readonly version: string;
}

/** The status history of a task the caller can see, oldest first. */
export class GetTaskHistory {
  constructor(
    private readonly tasks: TaskReadModel,
    private readonly changeLog: ChangeLogReader,
  ) {}

  execute(actor: Actor, taskId: TaskId, input: unknown): TE.TaskEither<GetTaskHistoryError, HistoryPage> {
    return pipe(
      this.open(actor, taskId, input),
      seq.flatMap((opened) => this.read(actor, taskId, opened)),
    );
  }

  /**
   * As `execute`, or `Unchanged` while `version` is still the history's. The version is the caller's
   * change sequence, read first: a status change, a delete, or the task leaving the caller's sight
   * all move it, so an unchanged version needs neither the task nor its history read again.
   */
  executeUnless(
    actor: Actor,
    taskId: TaskId,
    input: unknown,
    version: string | undefined,
  ): TE.TaskEither<GetTaskHistoryError, HistoryPage | Unchanged> {
    return pipe(
      this.open(actor, taskId, input),
      seq.flatMap(
        (opened): TE.TaskEither<GetTaskHistoryError, HistoryPage | Unchanged> =>
          opened.version === version
            ? TE.right({ unchanged: true, version: opened.version })
            : this.read(actor, taskId, opened),
      ),
    );
  }

  /** The page decoded and opened, and the history's version as the caller asks for it. */
  private open(
    actor: Actor,
    taskId: TaskId,
    input: unknown,
  ): TE.TaskEither<GetTaskHistoryError, OpenedHistory> {
    const of: ListOf = { userId: actor.userId, list: `tasks/${taskId}/history` };
    const decoded = decode(input);
    const page = E.isLeft(decoded) ? decoded : openPage(of, decoded.right);
    return pipe(
      TE.fromEither(page),
      seq.flatMap((opened) =>
        pipe(
          query(() => this.changeLog.latestSeq(actor.userId)),
          seq.map((latest) => ({
            of,
            page: opened,
            version: listVersion(actor.userId, latest, 'tasks', { history: taskId, page: opened }),
          })),
        ),
      ),
    );
  }

  private read(
    actor: Actor,
    taskId: TaskId,
    opened: OpenedHistory,
  ): TE.TaskEither<GetTaskHistoryError, HistoryPage> {
    return pipe(
      query(() => this.tasks.findVisible(actor.userId, taskId)),
      seq.flatMap(TE.fromNullable<GetTaskHistoryError>(notFound('task'))),
      seq.flatMap(() => query(() => this.tasks.history(taskId, opened.page))),
      seq.map((history) => ({ ...pageAnswer(opened.of, opened.page, history), version: opened.version })),
    );
  }
}
