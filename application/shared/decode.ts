import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type * as t from 'io-ts';
import { ObjectCodec } from './codecs.js';
import type { TopLevelCode, ValidationCode, ValidationFailed } from './errors.js';
import { isProblem, MAX_DETAILS, type Problem, type ValidationDetail } from './validation-detail.js';

/** How many problems `error` stands for beyond those listed, if it is an `OmittedError`. */
const omittedCount = (error: t.ValidationError): number | undefined =>
  'omitted' in error && typeof error.omitted === 'number' ? error.omitted : undefined;

/** The contract's detail code and message of a `ProblemError` (every failure the codecs make). */
const problemOf = (error: t.ValidationError): Problem | null =>
  'problem' in error && isProblem(error.problem) ? error.problem : null;

const fieldPath = (error: t.ValidationError): string =>
  error.context
    .map((entry) => entry.key)
    .filter((key) => key !== '')
    .join('.');

/**
 * Turns io-ts errors into the envelope's details: one per failing field, in input order, and the
 * count of problems the codecs only counted (past MAX_DETAILS).
 */
const toDetails = (errors: t.Errors): { details: ValidationDetail[]; omitted: number } => {
  const seen = new Set<string>();
  const details: ValidationDetail[] = [];
  let omitted = 0;
  for (const error of errors) {
    const more = omittedCount(error);
    if (more !== undefined) {
      omitted += more;
      continue;
    }
    const field = fieldPath(error);
    if (seen.has(field)) continue;
    seen.add(field);
    const known = problemOf(error);
    details.push(
      known ? { field, ...known } : { field, code: 'INVALID_TYPE', message: 'has the wrong type' },
    );
  }
  return { details, omitted };
};

export const genericCode: TopLevelCode = () => 'VALIDATION_ERROR';

const MESSAGES: Record<ValidationCode, string> = {
  VALIDATION_ERROR: 'The request is not valid.',
  TITLE_REQUIRED: 'The task title is required.',
  TITLE_TOO_LONG: 'The task title must be at most 191 characters.',
  NAME_REQUIRED: 'The name is required.',
  DESCRIPTION_REQUIRED: 'The description is required.',
};

/**
 * A failure with `details`, listing at most MAX_DETAILS of them; its message counts the rest, and
 * the `omitted` problems its codecs only counted. The code is picked from every detail.
 */
export const validationFailed = (
  details: readonly ValidationDetail[],
  topLevel: TopLevelCode = genericCode,
  omitted = 0,
): ValidationFailed => {
  const code = topLevel(details);
  const more = omitted + Math.max(0, details.length - MAX_DETAILS);
  const message =
    more === 0
      ? MESSAGES[code]
      : `${MESSAGES[code]} ${more.toLocaleString('en')} more problems are not listed.`;
  return { _tag: 'ValidationFailed', code, message, details: details.slice(0, MAX_DETAILS) };
};

/** Decodes with `codec`; an object codec's own top-level code choice applies unless one is given. */
export const decodeWith =
  <A>(codec: t.Type<A, unknown, unknown>, topLevel?: TopLevelCode) =>
  (input: unknown): E.Either<ValidationFailed, A> => {
    const pick =
      topLevel ?? (codec instanceof ObjectCodec ? codec.options.topLevel : undefined) ?? genericCode;
    return pipe(
      codec.decode(input),
      E.mapLeft((errors) => {
        const { details, omitted } = toDetails(errors);
        return validationFailed(details, pick, omitted);
      }),
    );
  };
