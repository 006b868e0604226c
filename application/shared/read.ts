import * as TE from 'fp-ts/lib/TaskEither.js';
import { type InfrastructureError, infrastructureError } from './errors.js';

/** Runs a read-model query, a thrown failure or a rejection answered as an infrastructure error. */
export const query = <A>(run: () => Promise<A>): TE.TaskEither<InfrastructureError, A> =>
  TE.tryCatch(run, infrastructureError);
