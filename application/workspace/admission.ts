import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Scope } from '../../domain/api-key/scope.js';
import type { Principal } from '../api-keys/authenticate-api-key.use-case.js';
import { type Closed, closed, type InsufficientScope } from '../shared/errors.js';
import { type CallGroup, callRefusal, type OperationGroup, scopeRefusal } from './scope-policy.js';

/**
 * How a call gets in. Every call of a session is admitted once, by the session's `Admit`; a call
 * made with an API key is admitted by `admitWithKey` alone, whichever way it came (HTTP, a batch's
 * operation, an MCP tool call, the library).
 */

/** Which operations the admitted caller may run (delta sync and webhooks ask it per resource). */
export type Permits = (group: OperationGroup, operation: string) => boolean;

/** A trusted host acting as a user may run every operation. */
export const PERMITS_ALL: Permits = () => true;

const permitsOf =
  (scopes: readonly Scope[]): Permits =>
  (group, operation) =>
    scopeRefusal(scopes, group, operation) === null;

/** Lets one call of `group`'s `operation` in, or answers why not. */
export type Admit<X> = (group: CallGroup, operation: string) => TE.TaskEither<X, Permits>;

/** What a transport counts each call against (a rate limit): its Left refuses the call. */
export type Charge<R> = (keyId: number) => TE.TaskEither<R, void>;

/** A call admitted with a key: who makes it, and what else they may run. */
export interface KeyAdmitted {
  readonly principal: Principal;
  readonly permits: Permits;
}

/**
 * The admission of a call made with an API key: the workspace still open; the key read (revoked or
 * expired since a session opened with it: `Unauthenticated`); the call charged to the key, when a
 * transport counts calls; then the operation's scope, checked against the key's scopes as just read.
 */
export const admitWithKey =
  <AuthError>(isOpen: () => boolean, authenticate: () => TE.TaskEither<AuthError, Principal>) =>
  <R = never>(
    group: CallGroup,
    operation: string,
    charge?: Charge<R>,
  ): TE.TaskEither<AuthError | Closed | R | InsufficientScope, KeyAdmitted> =>
    isOpen()
      ? pipe(
          authenticate(),
          TE.tap((principal) => (charge === undefined ? TE.right(undefined) : charge(principal.keyId))),
          TE.flatMap((principal) => {
            const refusal = callRefusal(principal.scopes, group, operation);
            return refusal === null
              ? TE.right({ principal, permits: permitsOf(principal.scopes) })
              : TE.left(refusal);
          }),
        )
      : TE.left(closed);
