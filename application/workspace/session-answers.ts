import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { copyOf } from '../shared/copy.js';

/** What a session's call answers. */
type Answer = E.Either<unknown, unknown>;

/**
 * A Right answer as the host's own copy (CONTRACT §9: a host owns what it receives). Stores and
 * caches hand out their objects as they keep them; a host that changed one would change them.
 */
export const hostCopy = <Err, A>(answer: E.Either<Err, A>): E.Either<Err, A> => pipe(answer, E.map(copyOf));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Runs one call of a session (`call`, a `batch` or any other), doing what it adds around it. */
export type AroundCall = (call: () => Promise<Answer>, kind: 'batch' | 'call') => Promise<Answer>;

/**
 * `session` with `around` about every call it offers, its groups' calls included, and those of the
 * session a batch hands its work. Values that are not calls (the user id, a key's scopes) are copied.
 */
export const aroundCalls = <S extends object>(session: S, around: AroundCall): S => {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(session)) {
    if (name === 'batch' && typeof value === 'function')
      wrapped[name] = (work: (inside: object) => Promise<Answer>, ...rest: unknown[]) =>
        around(() => value((inside: object) => work(aroundCalls(inside, around)), ...rest), 'batch');
    else if (typeof value === 'function')
      wrapped[name] = (...args: unknown[]) => around(() => value(...args), 'call');
    else wrapped[name] = isRecord(value) ? aroundCalls(value, around) : copyOf(value);
  }
  // trust boundary: every member of `session` is kept, each call answering as it did.
  return wrapped as S;
};

/** `session` with `each` applied to the answer of every call (`aroundCalls`). */
export const mapAnswers = <S extends object>(session: S, each: (answer: Answer) => Answer): S =>
  aroundCalls(session, (call) => call().then(each));
