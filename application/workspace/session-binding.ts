import type * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { CHANGE_RESOURCES, type ChangeResource } from '../ports/change-log.port.js';
import { type NotFound, notFound, type ValidationFailed } from '../shared/errors.js';
import { isRecordId } from '../shared/fields.js';
import type { Admit } from './admission.js';
import type { CallGroup, OperationGroup } from './scope-policy.js';
import type { Outcome } from './session-types.js';

/* How a session's operations are bound: each call admitted, its input prepared, then its use case. */

export type Runner<X> = (
  group: OperationGroup,
  operation: string,
) => <Err, A>(work: () => TE.TaskEither<Err, A>) => Outcome<Err | X, A>;

/** Each call admitted once, then its work run. */
export const runnerOf =
  <X>(admit: Admit<X>): Runner<X> =>
  (group, operation) =>
  <Err, A>(work: () => TE.TaskEither<Err, A>): Outcome<Err | X, A> =>
    pipe(
      admit(group, operation),
      TE.flatMap((): TE.TaskEither<Err | X, A> => work()),
    )();

/** The input as the use case takes it (`prepare`: decoded, for a host), then `work` on it. */
export const given =
  <In, A>(prepare: (input: In | undefined) => E.Either<ValidationFailed, A>, input: In | undefined) =>
  <Err, B>(work: (prepared: A) => TE.TaskEither<Err, B>): TE.TaskEither<Err | ValidationFailed, B> =>
    pipe(TE.fromEither(prepare(input)), TE.flatMap(work));

/** Runs `work` for an id that can name a record; any other number (NaN, 1.5, 2**31) names none. */
export const forId = <Err, A>(
  resource: string,
  id: number,
  work: () => TE.TaskEither<Err, A>,
): TE.TaskEither<Err | NotFound, A> => (isRecordId(id) ? work() : TE.left(notFound(resource)));

/** The call admitted, and the resources its caller may read: each one whose list they may read. */
export const admitReading = <X>(
  admit: Admit<X>,
  group: CallGroup,
  operation: string,
): TE.TaskEither<X, ChangeResource[]> =>
  pipe(
    admit(group, operation),
    TE.map((permits) => CHANGE_RESOURCES.filter((resource) => permits(resource, 'list'))),
  );
