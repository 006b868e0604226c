import fastJson, { type AnySchema } from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { oncePerObject } from './once-per-object.js';
import type { JsonSchema } from './openapi/json-schema.js';

type Serialize = (data: unknown) => string;

/** Appends a value's JSON, as UTF-8, to `chunks`. */
type Writer = (value: unknown, chunks: Buffer[]) => void;

/** Compiled on its first use rather than at start, where compiling every route's would cost the start what it saves requests. */
const lazily = (schema: JsonSchema): Serialize => {
  let compiled: Serialize | undefined;
  return (data) => {
    compiled ??= fastJson(schema as AnySchema) as Serialize;
    return compiled(data);
  };
};

/** A record the API description names (`titled`): a task, a client, a history entry… */
const isRecord = (schema: JsonSchema): boolean =>
  schema.type === 'object' && typeof schema.title === 'string';

const propertiesOf = (schema: JsonSchema): [string, JsonSchema][] =>
  Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);

const holdsRecords = (schema: JsonSchema): boolean =>
  isRecord(schema) ||
  (schema.items !== undefined && holdsRecords(schema.items as JsonSchema)) ||
  propertiesOf(schema).some(([, property]) => holdsRecords(property));

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
const [OPEN, CLOSE, OPEN_LIST, CLOSE_LIST, COMMA] = ['{', '}', '[', ']', ','].map(ascii) as [
  Buffer,
  Buffer,
  Buffer,
  Buffer,
  Buffer,
];

const plain = (schema: JsonSchema): Writer => {
  const serialize = lazily(schema);
  return (value, chunks) => {
    chunks.push(Buffer.from(serialize(value)));
  };
};

/**
 * `text` as bytes of their own. `Buffer.from` would cut small ones from a shared 8 KB slab, which
 * one kept record then holds whole, with whatever else was cut from it: 50 MB more under load.
 */
export const heldBytes = (text: string): Buffer => {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
};

/**
 * A record is written once per object (oncePerObject): a page of held records is copied together
 * instead of serialized.
 */
const once = (schema: JsonSchema): Writer => {
  const serialize = lazily(schema);
  const bytesOf = oncePerObject((record: object) => heldBytes(serialize(record)));
  return (value, chunks) => {
    chunks.push(bytesOf(value as object));
  };
};

const list = (items: Writer): Writer => {
  return (value, chunks) => {
    chunks.push(OPEN_LIST);
    (value as readonly unknown[]).forEach((item, index) => {
      if (index > 0) chunks.push(COMMA);
      items(item, chunks);
    });
    chunks.push(CLOSE_LIST);
  };
};

/** An object's properties in the schema's order, as fast-json-stringify writes them; absent ones left out. */
const object = (schema: JsonSchema): Writer => {
  const properties = propertiesOf(schema).map(([name, property]) => ({
    name,
    key: Buffer.from(`${JSON.stringify(name)}:`),
    write: writerOf(property),
  }));
  return (value, chunks) => {
    const fields = value as Record<string, unknown>;
    let first = true;
    for (const { name, key, write } of properties) {
      const field = fields[name];
      if (field === undefined) continue;
      chunks.push(first ? OPEN : COMMA, key);
      first = false;
      write(field, chunks);
    }
    if (first) chunks.push(OPEN);
    chunks.push(CLOSE);
  };
};

/** The writer of what `schema` describes: records held once, the parts around them as usual. */
const writerOf = (schema: JsonSchema): Writer => {
  if (!holdsRecords(schema)) return plain(schema);
  if (isRecord(schema)) return once(schema);
  if (schema.items !== undefined) return list(writerOf(schema.items as JsonSchema));
  return object(schema);
};

/**
 * Success answers are written by serializers generated from their JSON Schemas — the ones the
 * OpenAPI document gives them (`successBody`), which the HTTP specs hold every answer to — instead
 * of `JSON.stringify`. An answer holding records is written as bytes, each record's kept with its
 * object (`once`): a page of 50 tasks read again is then copied, not serialized, encoded and
 * measured again.
 */
export const serializerOf = (schema: JsonSchema): ((data: unknown) => string | Buffer) => {
  if (!holdsRecords(schema)) return lazily(schema);
  const write = writerOf(schema);
  return (data) => {
    const chunks: Buffer[] = [];
    write(data, chunks);
    return Buffer.concat(chunks);
  };
};

export const registerSerializers = (app: FastifyInstance): void => {
  app.setSerializerCompiler(({ schema }) => serializerOf(schema as JsonSchema) as Serialize);
};
