import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';

/**
 * Runs a step of the background worker, which has no caller to answer: a failure (the database
 * unreachable) is thrown, and the worker reports it and tries again on its next round.
 */
export const workerStep = async <A>(task: TE.TaskEither<unknown, A>): Promise<A> => {
  return pipe(
    await task(),
    E.getOrElse((cause): A => {
      throw new Error('a webhook step could not reach the database', { cause });
    }),
  );
};
