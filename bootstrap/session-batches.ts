import { AsyncLocalStorage } from 'node:async_hooks';
import * as E from 'fp-ts/lib/Either.js';
import type { Unexpected } from '../application/shared/errors.js';

/** The session whose batch the caller runs in, if any. */
const batchOf = new AsyncLocalStorage<object>();

/**
 * A call through one session inside another's batch. It cannot join the batch (its Right would be
 * undone if the batch rolled back), nor run beside it (SQLite and `memory:` write one transaction
 * at a time, and the batch waits for the call): it is refused, as a host's mistake.
 */
const foreignCall: E.Either<Unexpected, never> = E.left({
  _tag: 'Unexpected',
  cause: new Error(
    'a call through another session inside a batch: make it through the session the batch hands its work',
  ),
});

/**
 * Runs `call` of the session `owner`: a batch's work runs as `owner`'s, and any call inside a batch
 * of another session is refused.
 */
export const asSessionOf =
  (owner: object) =>
  <A>(call: () => Promise<A>, kind: 'batch' | 'call'): Promise<A | E.Either<Unexpected, never>> => {
    const batch = batchOf.getStore();
    if (batch !== undefined && batch !== owner) return Promise.resolve(foreignCall);
    return kind === 'batch' ? batchOf.run(owner, call) : call();
  };
