import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { type InfrastructureError, infrastructureError } from './errors.js';

const failed = (cause: unknown) => E.left(infrastructureError(cause));

/**
 * Runs a read-model query, turning a thrown failure (or a rejection) into an infrastructure error.
 * `TE.tryCatch` does the same through a down-levelled generator, and every request runs this at
 * least twice (the key, then the read): plain promise callbacks are measurably cheaper.
 */
export const query =
  <A>(run: () => Promise<A>): TE.TaskEither<InfrastructureError, A> =>
  () => {
    try {
      return run().then(E.right, failed);
    } catch (cause) {
      return Promise.resolve(failed(cause));
    }
  };
