import { RECORD_RESOURCES, type RecordResource } from '../../domain/api-key/scope.js';
import type { GamificationFeedback } from '../../domain/gamification/scoring.js';
import type { UserId } from '../../domain/task/task.js';
import type { StatusMove } from '../../domain/webhook/webhook-events.js';
import type { RecordKindName } from '../../domain/workspace/references.js';

/** What a change names: the resources of the API, as their routes and scopes spell them. */
export const CHANGE_RESOURCES = RECORD_RESOURCES;
export type ChangeResource = RecordResource;

/** The resource of each kind of record. */
export const RESOURCE_OF_KIND: Readonly<Record<RecordKindName, ChangeResource>> = {
  task: 'tasks',
  client: 'clients',
  project: 'projects',
  note: 'notes',
  category: 'categories',
  card: 'cards',
  time: 'times',
  money: 'moneys',
};

/**
 * What happened to a record, as one user sees it: a task assigned to someone else is `created` for
 * them when assigned, and `deleted` for them when unassigned or given to another.
 */
export const CHANGE_OPERATIONS = ['created', 'updated', 'deleted'] as const;
export type ChangeOperation = (typeof CHANGE_OPERATIONS)[number];

/** What a task's status change adds to its logged change, for the webhooks it sends. */
export interface StatusChangeNote extends StatusMove {
  /** The feedback the status change answered its caller with. */
  readonly gamification: GamificationFeedback;
}

/** One record changed by a committed write, for one user who can see it. */
export interface Change {
  readonly userId: UserId;
  readonly resource: ChangeResource;
  readonly recordId: number;
  readonly operation: ChangeOperation;
  /** Present when the write moved a task's status. */
  readonly statusChange?: StatusChangeNote | undefined;
  /**
   * The record as the write left it (none for a deletion, nor for a record the write only touched in
   * passing): what its webhook event carries, fixed when the write commits, however the record
   * changes after.
   */
  readonly record?: object | undefined;
}

/** Told by a use case what its write meant beyond the rows it wrote, for the change it logs. */
export interface ChangeNotes {
  /** The task's status moved in this write (noted once the move is stored). */
  statusChanged(taskId: number, note: StatusChangeNote): void;
  /**
   * Appends the changes noted so far to the log now, in the transaction (they still commit or roll
   * back with it), so that a unit of work writing a great many records (an import) need not hold
   * them all to its end. No record noted so far may change again in this unit of work.
   */
  writeAhead(): Promise<void>;
}

/** A change as the log holds it: with the user's `seq` and the time its transaction committed. */
export interface LoggedChange extends Change {
  readonly seq: number;
  readonly changedAt: Date;
}

/**
 * The read side of the change log (CONTRACT §10). Every unit of work appends one entry per changed
 * record and per user who sees it, in the same transaction as the change, each with the next `seq`
 * of that user (gapless, in commit order); a rolled-back write appends nothing.
 */
export interface ChangeLogReader {
  /** The `seq` of the user's latest change (0 before their first): it moves with every change they can see. */
  latestSeq(userId: UserId): Promise<number>;
  /** The user's changes after `afterSeq`, oldest first, at most `limit`; only of `resources` when given. */
  changesAfter(
    userId: UserId,
    afterSeq: number,
    limit: number,
    resources?: readonly ChangeResource[],
  ): Promise<readonly LoggedChange[]>;
}
