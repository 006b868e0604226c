import type * as E from 'fp-ts/lib/Either.js';

/** What every operation of a session answers: an Either, already run. `X` is what the session itself adds. */
export type Outcome<Err, A> = Promise<E.Either<Err, A>>;
