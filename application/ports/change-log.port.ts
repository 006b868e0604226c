import { SCOPED_RESOURCES, type ScopedResource } from '../../domain/api-key/scope.js';
import type { UserId } from '../../domain/task/task.js';
import type { RecordKindName } from '../../domain/workspace/references.js';
import { token } from './token.js';

/** What a change names: the resources of the API, as their routes and scopes spell them. */
export const CHANGE_RESOURCES = SCOPED_RESOURCES;
export type ChangeResource = ScopedResource;

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

/** One record changed by a committed write, for one user who can see it. */
export interface Change {
  readonly userId: UserId;
  readonly resource: ChangeResource;
  readonly recordId: number;
  readonly operation: ChangeOperation;
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

export const CHANGE_LOG_READER = token<ChangeLogReader>('ChangeLogReader');
