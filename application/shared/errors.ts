import type { Scope } from '../../domain/api-key/scope.js';
import type { ValidationDetail } from './validation-detail.js';

export type ValidationCode =
  | 'VALIDATION_ERROR'
  | 'TITLE_REQUIRED'
  | 'TITLE_TOO_LONG'
  | 'NAME_REQUIRED'
  | 'DESCRIPTION_REQUIRED';

/** Picks the error code of a 400 from its details (e.g. TITLE_REQUIRED wins over everything). */
export type TopLevelCode = (details: readonly ValidationDetail[]) => ValidationCode;

export interface ValidationFailed {
  readonly _tag: 'ValidationFailed';
  readonly code: ValidationCode;
  readonly message: string;
  readonly details: readonly ValidationDetail[];
}

/** A referenced id that is not the caller's (or does not exist: the two look the same). */
export interface InvalidReference {
  readonly _tag: 'InvalidReference';
  readonly details: readonly ValidationDetail[];
}

/** A list's `cursor` that this list did not give out for these filters and sort (or was changed). */
export interface InvalidCursor {
  readonly _tag: 'InvalidCursor';
}

export const invalidCursor: InvalidCursor = { _tag: 'InvalidCursor' };

/** A sync token (`since`) not given out to this user for these resources, or changed by hand. */
export interface InvalidSyncToken {
  readonly _tag: 'InvalidSyncToken';
}

export const invalidSyncToken: InvalidSyncToken = { _tag: 'InvalidSyncToken' };

/** A sync token older than the change log keeps: the client syncs again from the beginning. */
export interface SyncTokenExpired {
  readonly _tag: 'SyncTokenExpired';
  readonly retentionDays: number;
}

/** A report that would answer more groups than it may (CONTRACT §12): fewer keys, or narrower filters. */
export interface ReportTooLarge {
  readonly _tag: 'ReportTooLarge';
  readonly maxGroups: number;
}

/** A document that is not JSON at all (an import's): nothing in it could be read as records. */
export interface UnreadableDocument {
  readonly _tag: 'UnreadableDocument';
  readonly message: string;
}

export interface NotFound {
  readonly _tag: 'NotFound';
  readonly resource: string;
}

/** An assignee tried something only the owner may do. */
export interface NotTaskOwner {
  readonly _tag: 'NotTaskOwner';
}

/** The request clashes with stored state (a name taken, a record still in use). */
export interface Conflict<C extends string = string> {
  readonly _tag: 'Conflict';
  readonly code: C;
  readonly message: string;
}

/** The record no longer passes the caller's precondition (it changed since they read it): nothing was written. */
export interface PreconditionFailed {
  readonly _tag: 'PreconditionFailed';
}

export const preconditionFailed: PreconditionFailed = { _tag: 'PreconditionFailed' };

/** The workspace was closed: nothing more is read or written through it. */
export interface Closed {
  readonly _tag: 'Closed';
}

export const closed: Closed = { _tag: 'Closed' };

/** A host acted as a user id that does not exist. */
export interface UnknownUser {
  readonly _tag: 'UnknownUser';
  readonly userId: number;
}

/** The API key behind the session lacks the scope the operation needs. */
export interface InsufficientScope {
  readonly _tag: 'InsufficientScope';
  readonly needed: Scope;
  /** Every scope that would have been accepted, e.g. `tasks:write` and `tasks:*`. */
  readonly accepted: readonly Scope[];
}

export interface Unauthenticated {
  readonly _tag: 'Unauthenticated';
  readonly reason: 'missing' | 'invalid';
}

/** The database could not be reached. `cause` is for the log only. */
export interface Unavailable {
  readonly _tag: 'Unavailable';
  readonly cause: unknown;
}

/** Anything else that went wrong below the application. `cause` is for the log only. */
export interface Unexpected {
  readonly _tag: 'Unexpected';
  readonly cause: unknown;
}

export type InfrastructureError = Unavailable | Unexpected;

/** Every error any use case or session can answer; each use case declares its own subset. */
export type AppError =
  | ValidationFailed
  | InvalidReference
  | InvalidCursor
  | InvalidSyncToken
  | SyncTokenExpired
  | ReportTooLarge
  | UnreadableDocument
  | NotFound
  | NotTaskOwner
  | Conflict
  | PreconditionFailed
  | Unauthenticated
  | UnknownUser
  | Closed
  | InsufficientScope
  | InfrastructureError;

export const conflict = <C extends string>(code: C, message: string): Conflict<C> => ({
  _tag: 'Conflict',
  code,
  message,
});

export const notFound = (resource: string): NotFound => ({ _tag: 'NotFound', resource });

export const invalidReference = (details: readonly ValidationDetail[]): InvalidReference => ({
  _tag: 'InvalidReference',
  details,
});

/**
 * Thrown by adapters when the database does not answer, so the application can tell
 * "try again later" (503) from a bug (500) without knowing any driver.
 */
export class DatabaseUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super('database unavailable');
    this.name = 'DatabaseUnavailableError';
  }
}

export const infrastructureError = (cause: unknown): InfrastructureError =>
  cause instanceof DatabaseUnavailableError ? { _tag: 'Unavailable', cause } : { _tag: 'Unexpected', cause };
