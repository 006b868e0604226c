import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { StatusHistoryEntry } from '../../domain/task/status-change.js';
import type { TaskId } from '../../domain/task/task.js';
import type { ChangeLogReader } from '../ports/change-log.port.js';
import type { TaskReadModel } from '../ports/task-read-model.port.js';
import type { Actor } from '../shared/actor.js';
import {
  type InfrastructureError,
  type InvalidCursor,
  type NotFound,
  notFound,
  type ValidationFailed,
} from '../shared/errors.js';
import {
  readVersioned,
  readVersionedUnless,
  type Unchanged,
  type VersionedRead,
} from '../shared/list-version.js';
import {
  type ListOf,
  type Opened,
  openPage,
  type PageAnswer,
  type PageRequest,
  pageAnswer,
} from '../shared/paging.js';
import { query } from '../shared/read.js';
import type { PageBody } from './task.codecs.js';

export type GetTaskHistoryError = ValidationFailed | InvalidCursor | NotFound | InfrastructureError;

export interface HistoryPage extends PageAnswer<StatusHistoryEntry> {
  /** Changes whenever the task's history (or whether the caller sees the task) may have (CONTRACT §9). */
  readonly version: string;
}

/** The status history of a task the caller can see, oldest first. */
export class GetTaskHistory {
  constructor(
    private readonly tasks: TaskReadModel,
    private readonly changeLog: ChangeLogReader,
  ) {}

  execute(actor: Actor, taskId: TaskId, input: PageBody): TE.TaskEither<GetTaskHistoryError, HistoryPage> {
    return pipe(
      this.open(actor, taskId, input),
      TE.flatMap((opened) => readVersioned(this.read(actor, taskId, opened))),
    );
  }

  /**
   * As `execute`, or `Unchanged` while `version` is still the history's. The version is the caller's
   * change sequence: a status change, a delete, or the task leaving the caller's sight all move it,
   * so an unchanged version needs neither the task nor its history read again.
   */
  executeUnless(
    actor: Actor,
    taskId: TaskId,
    input: PageBody,
    version: string | undefined,
  ): TE.TaskEither<GetTaskHistoryError, HistoryPage | Unchanged> {
    return pipe(
      this.open(actor, taskId, input),
      TE.flatMap((opened) => readVersionedUnless(this.read(actor, taskId, opened), version)),
    );
  }

  private open(
    actor: Actor,
    taskId: TaskId,
    page: PageBody,
  ): TE.TaskEither<ValidationFailed | InvalidCursor, Opened<PageRequest>> {
    return TE.fromEither(openPage(historyOf(actor, taskId), page));
  }

  private read(
    actor: Actor,
    taskId: TaskId,
    page: Opened<PageRequest>,
  ): VersionedRead<GetTaskHistoryError, PageAnswer<StatusHistoryEntry>> {
    return {
      changeLog: this.changeLog,
      userId: actor.userId,
      resource: 'tasks',
      query: { history: taskId, page },
      page: () =>
        pipe(
          query(() => this.tasks.findVisible(actor.userId, taskId)),
          TE.flatMap(TE.fromNullable<GetTaskHistoryError>(notFound('task'))),
          TE.flatMap(() => query(() => this.tasks.history(taskId, page))),
          TE.map((history) => pageAnswer(historyOf(actor, taskId), page, history)),
        ),
    };
  }
}

const historyOf = (actor: Actor, taskId: TaskId): ListOf => ({
  userId: actor.userId,
  list: `tasks/${taskId}/history`,
});
