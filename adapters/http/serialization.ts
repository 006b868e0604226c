import fastJson, { type AnySchema } from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './openapi/json-schema.js';

type Serialize = (data: unknown) => string;

/**
 * Success answers are written by serializers generated from their JSON Schemas — the ones the
 * OpenAPI document gives them (`successBody`), which the HTTP specs hold every answer to — instead
 * of `JSON.stringify`. Each is compiled on its first use rather than at start, where compiling every
 * route's would cost the start what it saves requests. Nothing of an answer is kept after it is written.
 */
export const serializerOf = (schema: JsonSchema): Serialize => {
  let compiled: Serialize | undefined;
  return (data) => {
    // trust boundary: the schemas are ours (JSON Schema as the document has them); fast-json-stringify types its function loosely.
    compiled ??= fastJson(schema as AnySchema) as Serialize;
    return compiled(data);
  };
};

export const registerSerializers = (app: FastifyInstance): void => {
  // trust boundary: fastify hands back, as unknown, the response schemas our routes registered.
  app.setSerializerCompiler(({ schema }) => serializerOf(schema as JsonSchema));
};
