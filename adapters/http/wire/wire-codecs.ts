import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as t from 'io-ts';
import {
  type AnyField,
  FieldCodec,
  failWith,
  type InputSchema,
  NullableCodec,
  ObjectCodec,
  type ValueBounds,
} from '../../../application/shared/codecs.js';
import { decodeWith, validationFailed } from '../../../application/shared/decode.js';
import type { ValidationFailed } from '../../../application/shared/errors.js';
import { problem } from '../../../application/shared/validation-detail.js';
import { parseDuration } from '../../../domain/shared/duration.js';

/**
 * The wire form of the API: snake_case names, 0/1 flags, `H:MM:SS` durations, query strings as
 * text. Every wire codec is derived from the application codec of the same field: it turns the
 * wire value into what the use case accepts, then runs that codec's own checks, so the rules are
 * written once and the details name the field as the caller wrote it.
 */

/** The JSON Schema of a field as it travels (the OpenAPI document is generated from these). */
export interface WireSchema extends ValueBounds {
  readonly type: 'string' | 'integer' | 'number' | 'array';
  readonly format?: string;
  readonly items?: { readonly type: 'string'; readonly enum?: readonly string[] };
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** `projectId` → `project_id`. */
export const wireName = (name: string): string =>
  name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** `project_id` → `projectId`. */
export const domainName = (name: string): string =>
  name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

type Convert = (value: unknown, context: t.Context) => E.Either<t.Errors, unknown>;

/** A wire field: converts what travels, then validates with the application's codec. */
export class WireField extends t.Type<unknown, unknown, unknown> {
  readonly _kind = 'WireField' as const;
  constructor(
    readonly inner: AnyField,
    readonly schema: WireSchema,
    convert: Convert,
  ) {
    super(
      inner.name,
      // Decoded, it is the application codec's value.
      (u): u is unknown => inner.is(u),
      (u, c) =>
        pipe(
          convert(u, c),
          E.flatMap((converted) => inner.validate(converted, c)),
        ),
      (a) => a,
    );
  }
}

const INTEGER_TEXT = /^-?\d{1,16}$/;
const pass: Convert = (value) => E.right(value);

const wireSchema = (schema: InputSchema): WireSchema => {
  const { type, format, ...rest } = schema;
  if (type === 'boolean') return { ...rest, type: 'integer', enum: [0, 1] };
  if (format === 'duration')
    return { type: 'string', pattern: '^\\d{1,4}:[0-5]\\d:[0-5]\\d$', description: 'H:MM:SS, hours 0..9999' };
  if (type === 'instant') return { ...rest, type: 'string', format: 'date-time' };
  // A wall-clock date-time is not RFC 3339's `date-time`: its pattern says what it takes.
  if (type === 'wall-clock') return { ...rest, type: 'string' };
  if (format === 'money' || format === 'time-zone') return { ...rest, type };
  return { ...rest, type, ...(format === undefined ? {} : { format }) };
};

/** How a JSON body value becomes the value the application accepts. */
const bodyConversion = (schema: InputSchema): Convert => {
  if (schema.type === 'boolean')
    return (u, c) => {
      if (typeof u !== 'number' || !Number.isInteger(u))
        return failWith(u, c, problem('INVALID_TYPE', 'must be an integer'));
      return u === 0 || u === 1
        ? E.right(u === 1)
        : failWith(u, c, problem('OUT_OF_RANGE', 'must be 0 or 1'));
    };
  if (schema.format === 'duration')
    return (u, c) => {
      if (typeof u !== 'string') return failWith(u, c, problem('INVALID_TYPE', 'must be a string'));
      const seconds = parseDuration(u);
      return seconds === null
        ? failWith(u, c, problem('INVALID_FORMAT', 'must be H:MM:SS with hours 0..9999'))
        : E.right(seconds);
    };
  if (schema.type === 'instant' || schema.type === 'wall-clock')
    return (u, c) =>
      typeof u === 'string' ? E.right(u) : failWith(u, c, problem('INVALID_TYPE', 'must be a string'));
  return pass;
};

/** How query-string text becomes the value the application accepts. */
const queryConversion = (schema: InputSchema): Convert => {
  const single =
    (then: (text: string, c: t.Context) => E.Either<t.Errors, unknown>): Convert =>
    (u, c) => {
      if (Array.isArray(u)) return failWith(u, c, problem('INVALID_FORMAT', 'must be given only once'));
      if (typeof u !== 'string') return failWith(u, c, problem('INVALID_TYPE', 'must be a single value'));
      return then(u, c);
    };
  switch (schema.type) {
    case 'integer':
    case 'number':
      return single((s, c) =>
        INTEGER_TEXT.test(s)
          ? E.right(Number(s))
          : failWith(s, c, problem('INVALID_TYPE', 'must be an integer')),
      );
    case 'boolean':
      return single((s, c) => {
        if (s === '0' || s === '1') return E.right(s === '1');
        return failWith(
          s,
          c,
          INTEGER_TEXT.test(s)
            ? problem('OUT_OF_RANGE', 'must be 0 or 1')
            : problem('INVALID_TYPE', 'must be 0 or 1'),
        );
      });
    default:
      return single((s) => E.right(s));
  }
};

/** A wire field that also accepts JSON null. */
export class WireNullable extends t.Type<unknown, unknown, unknown> {
  readonly _kind = 'WireNullable' as const;
  constructor(readonly inner: t.Mixed) {
    super(
      `${inner.name} | null`,
      (u): u is unknown => u === null || inner.is(u),
      (u, c) => (u === null ? t.success(null) : inner.validate(u, c)),
      (a) => a,
    );
  }
}

const wireField = (codec: AnyField, place: 'body' | 'query'): t.Mixed => {
  if (codec instanceof NullableCodec) return new WireNullable(wireField(codec.inner, place));
  if (codec instanceof FieldCodec) {
    const schema: InputSchema = codec.schema;
    return new WireField(
      codec,
      wireSchema(schema),
      place === 'body' ? bodyConversion(schema) : queryConversion(schema),
    );
  }
  return codec;
};

export interface WireOptions {
  /** Read-only fields a GET returns, accepted and ignored in bodies (GET → edit → PUT works). */
  readonly ignored?: readonly string[];
  /** Wire names that are not the snake_case of the application's name. */
  readonly names?: Readonly<Record<string, string>>;
  /** Fields replaced on the wire by a codec of their own (the `-created_at` sort syntax). */
  readonly fields?: Readonly<Record<string, SortParam>>;
  /** Second wire names of a field; both given and different is a MISMATCH on the alias. */
  readonly aliases?: Readonly<Record<string, string>>;
}

/** The wire codec of an application object codec, and how to turn its result back into the input. */
export interface WireCodec<I = unknown> {
  readonly codec: ObjectCodec<Record<string, t.Mixed>, string>;
  /** Decodes a wire value into the application's input (camelCase keys). */
  readonly decode: (input: unknown) => E.Either<ValidationFailed, I>;
  /** Second wire names, each with the wire name it stands for (the document says so). */
  readonly aliases?: Readonly<Record<string, string>>;
}

// biome-ignore lint/suspicious/noExplicitAny: any application object codec
type AppCodec = ObjectCodec<any, any>;

const derive = <C extends AppCodec>(
  app: C,
  place: 'body' | 'query',
  options: WireOptions,
): WireCodec<t.TypeOf<C>> => {
  const toDomain = new Map<string, string>();
  const fields: Record<string, t.Mixed> = {};
  for (const [name, codec] of Object.entries<AnyField>(app.fields)) {
    const wire = options.names?.[name] ?? wireName(name);
    toDomain.set(wire, name);
    const own = options.fields?.[name];
    // A parameter of its own form (a sort) still ends in the application's codec of the field.
    fields[wire] = own === undefined ? wireField(codec, place) : own.checkedBy(codec);
  }
  for (const [alias, name] of Object.entries(options.aliases ?? {})) {
    const original = fields[options.names?.[name] ?? wireName(name)];
    if (original !== undefined) fields[alias] = original;
  }
  const required = (app.options.required ?? []).map(
    (name: string) => options.names?.[name] ?? wireName(name),
  );
  const codec = new ObjectCodec(app.name, fields, {
    required,
    // The application's read-only fields, in wire names, beside those the wire names itself.
    ignored: [...(options.ignored ?? []), ...(app.options.ignored ?? []).map(wireName)],
    unknownCode: place === 'body' ? 'UNKNOWN_FIELD' : 'UNKNOWN_PARAMETER',
    topLevel: app.options.topLevel,
  });
  const decoded = decodeWith(codec);
  const aliases = Object.entries(options.aliases ?? {});
  const resolveAliases = (
    values: Record<string, unknown>,
  ): E.Either<ValidationFailed, Record<string, unknown>> => {
    const resolved = { ...values };
    for (const [alias, name] of aliases) {
      const wire = options.names?.[name] ?? wireName(name);
      if (resolved[alias] === undefined) continue;
      if (resolved[wire] !== undefined && resolved[wire] !== resolved[alias])
        return E.left(
          validationFailed([
            {
              field: alias,
              code: 'MISMATCH',
              message: `${wire} and ${alias} must agree when both are given`,
            },
          ]),
        );
      resolved[wire] = resolved[alias];
      delete resolved[alias];
    }
    return E.right(resolved);
  };
  return {
    codec,
    aliases: Object.fromEntries(
      aliases.map(([alias, name]) => [alias, options.names?.[name] ?? wireName(name)]),
    ),
    decode: (input) =>
      pipe(
        decoded(input),
        E.flatMap((values) => (aliases.length === 0 ? E.right(values) : resolveAliases(values))),
        E.map((resolved) => {
          // Every field went through the application codec's own, and the object through its rules
          // under wire names: the value is what the application's codec decodes, and the use case
          // takes it as it is.
          const named: Record<string, unknown> = {};
          for (const key of Object.keys(resolved)) named[toDomain.get(key) ?? key] = resolved[key];
          // trust boundary: each value is what the application's field codec decoded, under its own name.
          return named as t.TypeOf<C>;
        }),
      ),
  };
};

/** The JSON body form of an application input. */
export const wireBody = <C extends AppCodec>(app: C, options: WireOptions = {}): WireCodec<t.TypeOf<C>> =>
  derive(app, 'body', options);

/** The query-string form of an application input. */
export const wireQuery = <C extends AppCodec>(app: C, options: WireOptions = {}): WireCodec<t.TypeOf<C>> =>
  derive(app, 'query', options);

/**
 * A sort parameter as `field` or `-field` (descending), fields in wire names; it becomes
 * `{ by, direction }` with the application's names.
 */
/** A list's `sort`: one of `fields`, `-` before it for descending; `description` says what each means. */
export const sortParam = (fields: readonly string[], description?: string): SortParam =>
  new SortParam(fields, undefined, description);

export class SortParam extends t.Type<unknown, unknown, unknown> {
  readonly _kind = 'SortParam' as const;
  /** Every value the parameter takes: each field, and each with `-` before it. */
  readonly values: readonly string[];
  constructor(
    private readonly fields: readonly string[],
    inner?: t.Mixed,
    /** For the document. */
    readonly description?: string,
  ) {
    const values = fields.flatMap((field) => [wireName(field), `-${wireName(field)}`]);
    super(
      'Sort',
      (u): u is unknown =>
        inner === undefined
          ? typeof u === 'object' && u !== null && 'by' in u && 'direction' in u
          : inner.is(u),
      (u, c) => {
        if (Array.isArray(u)) return failWith(u, c, problem('INVALID_FORMAT', 'must be given only once'));
        if (typeof u !== 'string' || !values.includes(u))
          return failWith(u, c, problem('OUT_OF_RANGE', `must be one of ${values.join(', ')}`));
        const descending = u.startsWith('-');
        const sort = { by: domainName(descending ? u.slice(1) : u), direction: descending ? 'desc' : 'asc' };
        return inner === undefined ? t.success(sort) : inner.validate(sort, c);
      },
      (a) => a,
    );
    this.values = values;
  }

  /** The same parameter, its value then checked by the application's codec of the field. */
  checkedBy(inner: t.Mixed): SortParam {
    return new SortParam(this.fields, inner, this.description);
  }
}
