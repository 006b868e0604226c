import fastJson, { type AnySchema } from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';

type Serialize = (data: unknown) => string;

/**
 * Success answers are written by serializers generated from their JSON Schemas — the ones the
 * OpenAPI document gives them (`successBody`), which the HTTP specs hold every answer to — instead
 * of `JSON.stringify`. Each is compiled on its route's first answer rather than at start, where
 * compiling every route's would cost the start what it saves requests.
 */
export const registerSerializers = (app: FastifyInstance): void => {
  app.setSerializerCompiler(({ schema }) => {
    let compiled: Serialize | undefined;
    return (data: unknown) => {
      compiled ??= fastJson(schema as AnySchema) as Serialize;
      return compiled(data);
    };
  });
};
