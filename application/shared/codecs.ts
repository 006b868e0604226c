import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { ZonedDateTime } from '../../domain/shared/local-date-time.js';
import type { TopLevelCode } from './errors.js';
import { isProblem, MAX_DETAILS, type Problem, problem } from './validation-detail.js';

/**
 * What a field of a use case's input accepts, in TypeScript terms. The HTTP adapter reads it to
 * derive the wire form of the field (a boolean is a 0/1 flag there, a duration `H:MM:SS` text) and
 * the OpenAPI schema; `format` names the meaning of a value where its type alone does not.
 */
export interface InputSchema extends ValueBounds {
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'instant' | 'wall-clock' | 'array';
  readonly format?: 'date' | 'duration' | 'email' | 'money' | 'time-zone';
  /** What an array holds: strings, each among `enum` when given. */
  readonly items?: { readonly type: 'string'; readonly enum?: readonly string[] };
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** The JSON Schema keywords that describe and bound a value, the same in process and on the wire. */
export interface ValueBounds {
  readonly description?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly pattern?: string;
  readonly enum?: readonly (string | number)[];
  readonly multipleOf?: number;
}

/** An io-ts failure carrying the contract's detail code beside its message (decode.ts reads it). */
export interface ProblemError extends t.ValidationError {
  readonly problem: Problem;
}

/** An io-ts failure standing for `omitted` more problems, past the MAX_DETAILS a failure lists. */
export interface OmittedError extends t.ValidationError {
  readonly omitted: number;
}

/** A failure of `value`, at `context`, with the contract's detail code. */
export const failWith = <A>(value: unknown, context: t.Context, p: Problem): t.Validation<A> => {
  const error: ProblemError = { value, context, message: p.message, problem: p };
  return t.failures([error]);
};

const omitted = (context: t.Context, count: number): t.Validation<never> => {
  const error: OmittedError = { value: count, context, message: `${count} more problems`, omitted: count };
  return t.failures([error]);
};

/**
 * Whether `u` is already a decoded value of `codec`: one that decodes to itself. (A trimmed name is;
 * the same name with spaces around it is input, not a decoded value.)
 */
const decodesToItself = (codec: t.Decoder<unknown, unknown>, u: unknown): boolean => {
  const decoded = codec.decode(u);
  return E.isRight(decoded) && decoded.right === u;
};

/**
 * A leaf field: a wire type (string, number or integer) plus a parse step that may normalise the
 * value (trim a title, turn money into cents) or name the rule it breaks.
 */
export class FieldCodec<A, I = unknown> extends t.Type<A, unknown, unknown> {
  readonly _kind = 'FieldCodec' as const;
  /** What a caller may pass, for TypeScript callers (the decoder still checks at run time). */
  declare readonly _input: I;
  constructor(
    name: string,
    readonly schema: InputSchema,
    readonly parse: (value: I) => A | Problem,
    encode: (a: A) => unknown = (a) => a,
    /** What a JSON null means for a field that is not nullable (default: the wrong type). */
    nullProblem?: Problem,
  ) {
    super(
      name,
      (u): u is A => decodesToItself(this, u),
      (u, c) => {
        if (u === null && nullProblem) return failWith(u, c, nullProblem);
        if (!matchesType(schema.type, u))
          return failWith(u, c, problem('INVALID_TYPE', typeMessage(schema.type)));
        // trust boundary: the type check above is what makes `u` an I.
        const parsed = parse(u as I);
        return isProblem(parsed) ? failWith(u, c, parsed) : t.success(parsed);
      },
      encode,
    );
  }
}

const matchesType = (type: InputSchema['type'], u: unknown): boolean => {
  switch (type) {
    case 'string':
      return typeof u === 'string';
    case 'number':
      return typeof u === 'number' && Number.isFinite(u);
    case 'integer':
      return typeof u === 'number' && Number.isInteger(u);
    case 'boolean':
      return typeof u === 'boolean';
    case 'instant':
      return typeof u === 'string' || (u instanceof Date && !Number.isNaN(u.getTime()));
    case 'wall-clock':
      // Its own decoded value too: the library decodes again what the HTTP edge decoded.
      return typeof u === 'string' || u instanceof ZonedDateTime;
    case 'array':
      return Array.isArray(u);
  }
};

const TYPE_MESSAGES: Record<InputSchema['type'], string> = {
  string: 'must be a string',
  number: 'must be a number',
  integer: 'must be an integer',
  boolean: 'must be a boolean',
  instant: 'must be a Date or an ISO 8601 string',
  'wall-clock': 'must be a string',
  array: 'must be an array',
};

const typeMessage = (type: InputSchema['type']): string => TYPE_MESSAGES[type];

/** A field that also accepts JSON null. */
export class NullableCodec<A, I = unknown> extends t.Type<A | null, unknown, unknown> {
  readonly _kind = 'NullableCodec' as const;
  declare readonly _input: I | null;
  constructor(readonly inner: FieldCodec<A, I>) {
    super(
      `${inner.name} | null`,
      (u): u is A | null => u === null || inner.is(u),
      (u, c) => (u === null ? t.success(null) : inner.validate(u, c)),
      (a) => (a === null ? null : inner.encode(a)),
    );
  }
}

export const nullable = <A, I>(inner: FieldCodec<A, I>): NullableCodec<A, I> => new NullableCodec(inner);

/** Any field codec; io-ts's `Mixed` because encoders are contravariant in their input. */
export type AnyField = t.Mixed;
export type Fields = Record<string, AnyField>;
/** What a caller may pass for one field. */
export type FieldInput<C> = C extends { readonly _input: infer I }
  ? I
  : C extends ObjectCodec<infer F, infer R>
    ? InputOf<ObjectCodec<F, R>>
    : unknown;

/**
 * What a caller may pass to an object codec: required keys, then optional ones, which may also be
 * given as `undefined` (the codec takes it as absent; hosts under `exactOptionalPropertyTypes` pass
 * their own optional values straight on).
 */
export type InputOf<C> =
  C extends ObjectCodec<infer F, infer R>
    ? { readonly [K in R]: FieldInput<F[K]> } & {
        readonly [K in Exclude<keyof F, R>]?: FieldInput<F[K]> | undefined;
      }
    : never;

/** Required keys are always present after decoding; the others only when sent. */
export type DecodedFields<F extends Fields, R extends keyof F = never> = { [K in R]: t.TypeOf<F[K]> } & {
  [K in Exclude<keyof F, R>]?: t.TypeOf<F[K]>;
};

export interface ObjectOptions<F extends Fields, R extends keyof F & string = never> {
  /** Keys that must be present (a present null fails the field's own check). */
  readonly required?: readonly R[];
  /** Keys accepted and dropped (read-only fields echoed back by a GET → PUT round trip). */
  readonly ignored?: readonly string[];
  /** The detail code for keys that are neither fields nor ignored. */
  readonly unknownCode?: 'UNKNOWN_FIELD' | 'UNKNOWN_PARAMETER';
  /** The error code of the whole failure, picked from its details (default VALIDATION_ERROR). */
  readonly topLevel?: TopLevelCode;
}

/**
 * A JSON object with a closed set of optional fields. Reports every failing field at once:
 * unknown keys, missing required keys and invalid values.
 */
export class ObjectCodec<F extends Fields, R extends keyof F & string = never> extends t.Type<
  DecodedFields<F, R>,
  unknown,
  unknown
> {
  readonly _kind = 'ObjectCodec' as const;
  constructor(
    name: string,
    readonly fields: F,
    readonly options: ObjectOptions<F, R> = {},
  ) {
    // Worked out once per codec, not on every call: a list's query decodes on every request.
    const ignored = new Set(options.ignored ?? []);
    const unknownCode = options.unknownCode ?? 'UNKNOWN_FIELD';
    const requiredKeys: readonly string[] = options.required ?? [];
    const required = new Set(requiredKeys);
    const entries = Object.entries(fields);
    const unknownProblem = problem(
      unknownCode,
      unknownCode === 'UNKNOWN_FIELD' ? 'unknown field' : 'unknown query parameter',
    );
    super(
      name,
      (u): u is DecodedFields<F, R> => {
        if (typeof u !== 'object' || u === null || Array.isArray(u)) return false;
        // trust boundary: checked just above to be a plain object; read by key below.
        const input = u as Record<string, unknown>;
        // A loop rather than entries: an import asks this of every record it reads.
        for (const key of Object.keys(input)) {
          const value = input[key];
          if (!Object.hasOwn(fields, key) || value === undefined || fields[key]?.is(value) !== true)
            return false;
        }
        return requiredKeys.every((key) => Object.hasOwn(input, key));
      },
      (u, c) => {
        if (typeof u !== 'object' || u === null || Array.isArray(u)) {
          return failWith(u, c, problem('INVALID_TYPE', 'must be a JSON object'));
        }
        // trust boundary: checked just above to be a plain object; read by key below.
        const input = u as Record<string, unknown>;
        const errors: t.ValidationError[] = [];
        const output: Record<string, unknown> = {};
        let unknown = 0;
        for (const key of Object.keys(input)) {
          if (Object.hasOwn(fields, key) || ignored.has(key)) continue;
          // Past the details a failure lists, unknown keys are only counted.
          if (++unknown > MAX_DETAILS) continue;
          const context = t.appendContext(c, key, t.unknown, input[key]);
          errors.push(...leftErrors(failWith(input[key], context, unknownProblem)));
        }
        if (unknown > MAX_DETAILS) errors.push(...leftErrors(omitted(c, unknown - MAX_DETAILS)));
        for (const [key, codec] of entries) {
          const value = input[key];
          if (value === undefined) {
            if (required.has(key)) {
              const context = t.appendContext(c, key, codec, value);
              errors.push(...leftErrors(failWith(value, context, problem('REQUIRED', 'is required'))));
            }
            continue;
          }
          const result = codec.validate(value, t.appendContext(c, key, codec, value));
          if (E.isLeft(result)) errors.push(...result.left);
          else output[key] = result.right;
        }
        // trust boundary: with no error collected, every required key was present and valid.
        return errors.length > 0 ? t.failures(errors) : t.success(output as DecodedFields<F, R>);
      },
      (a) => a,
    );
  }
}

const leftErrors = <A>(validation: t.Validation<A>): t.Errors =>
  E.isLeft(validation) ? validation.left : [];

export const object = <F extends Fields, const R extends keyof F & string = never>(
  name: string,
  fields: F,
  options?: ObjectOptions<F, R>,
): ObjectCodec<F, R> => new ObjectCodec(name, fields, options);
