import type * as t from 'io-ts';
import { ObjectCodec } from '../../../application/shared/codecs.js';
import { SortParam, type WireCodec, WireField, WireNullable } from '../wire/wire-codecs.js';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** `schema` that also admits null. */
export const orNull = (schema: JsonSchema): JsonSchema => {
  const { type, enum: values, ...rest } = schema;
  return {
    ...rest,
    ...(type === undefined ? {} : { type: [...(Array.isArray(type) ? type : [type]), 'null'] }),
    ...(Array.isArray(values) ? { enum: [...values, null] } : {}),
  };
};

/**
 * The JSON Schema of one wire codec, read from the codec itself: its type, format, bounds and
 * description are the ones the codec checks. A codec kind without a schema is a programming error,
 * caught when the document is built (and so by the tests), never at request time.
 */
export const schemaOf = (codec: t.Mixed): JsonSchema => {
  if (codec instanceof WireField) return { ...codec.schema };
  if (codec instanceof WireNullable) return orNull(schemaOf(codec.inner));
  if (codec instanceof SortParam)
    return {
      type: 'string',
      enum: codec.values,
      ...(codec.description === undefined ? {} : { description: codec.description }),
    };
  if (codec instanceof ObjectCodec) return objectSchemaOf(codec, []);
  throw new Error(`no JSON Schema for the codec ${codec.name}`);
};

// biome-ignore lint/suspicious/noExplicitAny: any object codec
const objectSchemaOf = (codec: ObjectCodec<any, any>, ignored: readonly string[]): JsonSchema => {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, field] of Object.entries<t.Mixed>(codec.fields)) properties[name] = schemaOf(field);
  // Not `readOnly`: validating proxies refuse a request holding such a property, and the contract
  // promises GET → edit → PUT with the answer as it came back.
  for (const name of ignored) {
    properties[name] = {
      description: 'Answered by GET; sent back, it is accepted and ignored (GET → edit → PUT works).',
    };
  }
  const required: readonly string[] = codec.options.required ?? [];
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
};

/** The schema of a JSON body: its fields, and the read-only fields it accepts and ignores. */
export const bodySchemaOf = (wire: WireCodec): JsonSchema =>
  objectSchemaOf(wire.codec, wire.codec.options.ignored ?? []);

export interface QueryParameter {
  readonly name: string;
  readonly in: 'query';
  readonly required: boolean;
  readonly description?: string;
  readonly schema: JsonSchema;
}

/** The query parameters of a list route, one per field of its wire codec. */
export const queryParametersOf = (wire: WireCodec): QueryParameter[] => {
  const required: readonly string[] = wire.codec.options.required ?? [];
  return Object.entries<t.Mixed>(wire.codec.fields).map(([name, codec]) => {
    const { description: own, ...schema } = schemaOf(codec);
    const target = wire.aliases?.[name];
    const description =
      target === undefined
        ? own
        : `${typeof own === 'string' ? `${own}. ` : ''}Another name for \`${target}\`: given both, they must agree (else 400, detail \`MISMATCH\`).`;
    return {
      name,
      in: 'query',
      required: required.includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema,
    };
  });
};
