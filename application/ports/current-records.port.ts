import type { Task, UserId } from '../../domain/task/task.js';
import type {
  Card,
  Category,
  Client,
  MoneyRecord,
  Note,
  Project,
  TimeRecord,
} from '../../domain/workspace/records.js';
import type { ChangeResource } from './change-log.port.js';

/** The record type of each resource, as `GET` reads it. */
export interface ResourceRecords {
  readonly tasks: Task;
  readonly clients: Client;
  readonly projects: Project;
  readonly notes: Note;
  readonly categories: Category;
  readonly cards: Card;
  readonly times: TimeRecord;
  readonly moneys: MoneyRecord;
}

/** At most this many ids are asked for at once (a sync page's limit). */
export const MAX_CURRENT_IDS = 1000;

/**
 * Records as they are now, many at a time, for the change feed: each change names a record, and
 * the feed answers it as `GET` would show it at that moment (read side, outside any unit of work).
 */
export interface CurrentRecords {
  /**
   * The records of `resource` among `ids` that `userId` can see now (tasks they own or are assigned
   * to; other records they own), in no particular order; ids of records gone or out of sight are
   * simply absent. Each result is the caller's own object.
   */
  visible<R extends ChangeResource>(
    userId: UserId,
    resource: R,
    ids: readonly number[],
  ): Promise<readonly ResourceRecords[R][]>;
}
