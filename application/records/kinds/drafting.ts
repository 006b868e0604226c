import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type * as t from 'io-ts';
import { decodeWith } from '../../shared/decode.js';
import type { ValidationFailed } from '../../shared/errors.js';
import type { AnyObjectCodec, Draft } from '../record-kind.js';

/** A create decoder: the input's fields, completed with the kind's defaults. */
export const drafting =
  <C extends AnyObjectCodec, F>(codec: C, complete: (given: t.TypeOf<C>) => Draft<F>) =>
  (input: unknown): E.Either<ValidationFailed, Draft<F>> =>
    pipe(decodeWith(codec)(input), E.map(complete));
