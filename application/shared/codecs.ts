import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { type Problem, problem } from './validation-detail.js';

/**
 * The JSON-Schema-like description of what a field accepts on the wire. Every codec carries one,
 * so request validation and the OpenAPI document come from the same source.
 */
export interface WireSchema {
  readonly type: 'string' | 'integer' | 'number';
  readonly description?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly maxLength?: number;
  readonly minLength?: number;
  readonly format?: string;
  readonly pattern?: string;
  readonly enum?: readonly (string | number)[];
  readonly multipleOf?: number;
}

/** Failures carry the contract's detail code in io-ts's free-text message slot. */
export const failWith = <A>(value: unknown, context: t.Context, p: Problem): t.Validation<A> =>
  t.failure(value, context, JSON.stringify(p));

export const readProblem = (error: t.ValidationError): Problem | null => {
  if (error.message === undefined) return null;
  const parsed: unknown = JSON.parse(error.message);
  return typeof parsed === 'object' && parsed !== null && 'code' in parsed && 'message' in parsed
    ? (parsed as Problem)
    : null;
};

/**
 * A leaf field: a wire type (string, number or integer) plus a parse step that may normalise the
 * value (trim a title, turn money into cents) or name the rule it breaks.
 */
export class FieldCodec<A> extends t.Type<A, unknown, unknown> {
  readonly _kind = 'FieldCodec' as const;
  constructor(
    name: string,
    readonly schema: WireSchema,
    readonly parse: (wire: never) => A | Problem,
    encode: (a: A) => unknown = (a) => a,
    /** What a JSON null means for a field that is not nullable (default: the wrong type). */
    nullProblem?: Problem,
  ) {
    super(
      name,
      (u): u is A => false,
      (u, c) => {
        if (u === null && nullProblem) return failWith(u, c, nullProblem);
        if (!matchesWireType(schema.type, u))
          return failWith(u, c, problem('INVALID_TYPE', typeMessage(schema.type)));
        const parsed = (parse as (wire: unknown) => A | Problem)(u);
        return isProblem(parsed) ? failWith(u, c, parsed) : t.success(parsed);
      },
      encode,
    );
  }
}

const isProblem = (value: unknown): value is Problem =>
  typeof value === 'object' && value !== null && 'code' in value && 'message' in value;

const matchesWireType = (type: WireSchema['type'], u: unknown): boolean => {
  switch (type) {
    case 'string':
      return typeof u === 'string';
    case 'number':
      return typeof u === 'number' && Number.isFinite(u);
    case 'integer':
      return typeof u === 'number' && Number.isInteger(u);
  }
};

const typeMessage = (type: WireSchema['type']): string =>
  ({ string: 'must be a string', number: 'must be a number', integer: 'must be an integer' })[type];

/** A field that also accepts JSON null. */
export class NullableCodec<A> extends t.Type<A | null, unknown, unknown> {
  readonly _kind = 'NullableCodec' as const;
  constructor(readonly inner: FieldCodec<A>) {
    super(
      `${inner.name} | null`,
      (u): u is A | null => u === null || inner.is(u),
      (u, c) => (u === null ? t.success(null) : inner.validate(u, c)),
      (a) => (a === null ? null : inner.encode(a)),
    );
  }
}

export const nullable = <A>(inner: FieldCodec<A>): NullableCodec<A> => new NullableCodec(inner);

/** Any field codec; io-ts's `Mixed` because encoders are contravariant in their input. */
export type AnyField = t.Mixed;
export type Fields = Record<string, AnyField>;
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
    super(
      name,
      (u): u is DecodedFields<F, R> => false,
      (u, c) => {
        if (typeof u !== 'object' || u === null || Array.isArray(u)) {
          return failWith(u, c, problem('INVALID_TYPE', 'must be a JSON object'));
        }
        const input = u as Record<string, unknown>;
        const errors: t.ValidationError[] = [];
        const output: Record<string, unknown> = {};
        const ignored = new Set(options.ignored ?? []);
        const unknownCode = options.unknownCode ?? 'UNKNOWN_FIELD';
        for (const key of Object.keys(input)) {
          if (Object.hasOwn(fields, key) || ignored.has(key)) continue;
          const context = t.appendContext(c, key, t.unknown, input[key]);
          const kind = unknownCode === 'UNKNOWN_FIELD' ? 'field' : 'query parameter';
          errors.push(...leftErrors(failWith(input[key], context, problem(unknownCode, `unknown ${kind}`))));
        }
        for (const [key, codec] of Object.entries(fields)) {
          const value = input[key];
          const context = t.appendContext(c, key, codec, value);
          if (value === undefined) {
            if ((options.required as readonly string[] | undefined)?.includes(key)) {
              errors.push(...leftErrors(failWith(value, context, problem('REQUIRED', 'is required'))));
            }
            continue;
          }
          const result = codec.validate(value, context);
          if (E.isLeft(result)) errors.push(...result.left);
          else output[key] = result.right;
        }
        // Every required key was present and valid when no error was collected.
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

/**
 * A query-string parameter: always text on the wire, parsed strictly into its typed value.
 * A repeated parameter arrives as an array and is rejected.
 */
export class QueryParamCodec<A> extends t.Type<A, unknown, unknown> {
  readonly _kind = 'QueryParamCodec' as const;
  constructor(
    name: string,
    readonly schema: WireSchema,
    readonly parse: (text: string) => A | Problem,
  ) {
    super(
      name,
      (u): u is A => false,
      (u, c) => {
        if (Array.isArray(u)) return failWith(u, c, problem('INVALID_FORMAT', 'must be given only once'));
        if (typeof u !== 'string') return failWith(u, c, problem('INVALID_TYPE', 'must be a single value'));
        const parsed = parse(u);
        return isProblem(parsed) ? failWith(u, c, parsed) : t.success(parsed);
      },
      (a) => a,
    );
  }
}
