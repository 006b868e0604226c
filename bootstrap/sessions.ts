import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Principal } from '../application/api-keys/authenticate-api-key.use-case.js';
import {
  type Closed,
  closed,
  type InfrastructureError,
  type UnknownUser,
} from '../application/shared/errors.js';
import {
  type Admit,
  admitWithKey,
  type KeyAdmitted,
  PERMITS_ALL,
} from '../application/workspace/admission.js';
import {
  decodeGiven,
  type Preparers,
  type SessionInputs,
  takeDecoded,
} from '../application/workspace/input-codecs.js';
import type { CallGroup } from '../application/workspace/scope-policy.js';
import { openSession } from '../application/workspace/session.js';
import type { WorkspaceUseCases } from '../application/workspace/use-cases.js';
import type {
  AdmittedSession,
  KeyedSession,
  KeySession,
  KeySessionRefusal,
  TransportAdmission,
  UserSession,
} from '../application/workspace/workspace.js';

/*
 * The sessions a workspace opens: for a trusted host acting as a user, for a key, and for a call a
 * transport admitted; each call of each admitted once.
 */

/** Whether the workspace is still open: every call asks first, and answers `Closed` once it is not. */
export type IsOpen = () => boolean;

/** One call admitted with a key (`admitWithKey`), for the session that makes it. */
interface AdmittedCall extends KeyAdmitted {
  readonly group: CallGroup;
  readonly operation: string;
}

/**
 * The session a key opens: each of its calls admitted with the key (`admitWithKey`: read again
 * through the key cache, so a revocation through this workspace stops it at once, one elsewhere
 * within the cache's bound, and an expiry as it passes; then the operation's scope). `admitted`:
 * the one call a transport already admitted, which is not admitted twice.
 */
const keyedSession = <I extends SessionInputs>(
  useCases: WorkspaceUseCases,
  prepare: Preparers<I>,
  apiKey: string,
  principal: Principal,
  isOpen: IsOpen,
  admitted?: AdmittedCall,
  admitCall = admitWithKey(isOpen, () => useCases.keys.authenticate.execute(apiKey)),
): KeyedSession<I> => {
  let ticket = admitted;
  const admit: Admit<KeySessionRefusal> = (group, operation) => {
    if (ticket !== undefined && ticket.group === group && ticket.operation === operation) {
      const { permits } = ticket;
      ticket = undefined;
      return isOpen() ? TE.right(permits) : TE.left(closed);
    }
    return pipe(
      admitCall(group, operation),
      TE.map(({ permits }) => permits),
    );
  };
  return {
    ...openSession(useCases, { userId: principal.userId, keyId: principal.keyId }, admit, prepare),
    keyId: principal.keyId,
    scopes: principal.scopes,
  };
};

/** A host's key session: what the host passes is decoded. */
export const keySession = (
  useCases: WorkspaceUseCases,
  apiKey: string,
  principal: Principal,
  isOpen: IsOpen,
): KeySession => keyedSession(useCases, decodeGiven, apiKey, principal, isOpen);

/** The call a transport admitted, and the key session to make it on (which admits it no second time). */
const admittedSession = (
  useCases: WorkspaceUseCases,
  apiKey: string,
  isOpen: IsOpen,
  admitted: AdmittedCall,
): AdmittedSession => {
  const admitCall = admitWithKey(isOpen, () => useCases.keys.authenticate.execute(apiKey));
  return {
    ...keyedSession(useCases, takeDecoded, apiKey, admitted.principal, isOpen, admitted, admitCall),
    admit: (group, operation, charge) =>
      pipe(
        admitCall(group, operation, charge),
        TE.map((call) => admittedSession(useCases, apiKey, isOpen, { group, operation, ...call })),
      )(),
  };
};

/**
 * A transport's way in (the HTTP server's): one call admitted with `apiKey` — the same admission as
 * every key session's call, `charge`d to the key — and the session to make it on.
 */
export const transportAdmission =
  (useCases: WorkspaceUseCases, isOpen: IsOpen): TransportAdmission =>
  (apiKey, group, operation, charge) =>
    pipe(
      admitWithKey(isOpen, () => useCases.keys.authenticate.execute(apiKey))(group, operation, charge),
      TE.map((call) => admittedSession(useCases, apiKey, isOpen, { group, operation, ...call })),
    )();

/** A session for a user id a host vouches for; whether the user exists is checked once, on first use. */
export const userSession = (useCases: WorkspaceUseCases, userId: number, isOpen: IsOpen): UserSession => {
  let known = false;
  // A trusted host may run any operation: nothing is refused once the user is known.
  const admit: Admit<UnknownUser | InfrastructureError | Closed> = () => {
    if (!isOpen()) return TE.left(closed);
    if (known) return TE.right(PERMITS_ALL);
    return pipe(
      useCases.users.find.execute(userId),
      TE.map(() => {
        known = true;
        return PERMITS_ALL;
      }),
      TE.mapLeft((error): UnknownUser | InfrastructureError =>
        error._tag === 'NotFound' ? { _tag: 'UnknownUser', userId } : error,
      ),
    );
  };
  return openSession(useCases, { userId }, admit, decodeGiven);
};
