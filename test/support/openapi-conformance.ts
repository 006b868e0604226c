import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { apiDocument } from '../../bootstrap/http-server.js';

/**
 * Holds real traffic to the OpenAPI document: every answer the HTTP specs get must be one its
 * operation declares (status, and body against the declared schema), and every request body
 * the service accepted must validate against the declared request schema. A route whose
 * behaviour drifts from the document fails the spec that exercised it.
 */

type Json = { readonly [key: string]: unknown };

interface Operation {
  readonly path: string;
  readonly method: string;
  readonly pattern: RegExp;
  readonly operation: Json;
}

const document = apiDocument() as Json & {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; responses: Record<string, Json> };
};

/** Replaces the document's `$ref`s by what they name (the document has no cycles). */
const resolve = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(resolve);
  if (typeof value !== 'object' || value === null) return value;
  const ref = (value as Json).$ref;
  if (typeof ref === 'string') {
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Json)[key], document);
    return resolve(target);
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
};

const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    path,
    method: method.toUpperCase(),
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
    operation: resolve(operation) as Json,
  })),
);

export const documentedOperations = (): readonly { readonly path: string; readonly method: string }[] =>
  operations.map(({ path, method }) => ({ path, method }));

const ajv = new Ajv2020({ allErrors: true, validateFormats: false, strict: true });
const compiled = new Map<object, ValidateFunction>();
const validatorOf = (schema: object): ValidateFunction => {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
};

const find = (method: string, url: string): Operation | undefined => {
  const path = url.split('?')[0] ?? url;
  return operations.find((op) => op.method === method && op.pattern.test(path));
};

const jsonSchemaOf = (node: unknown): object | undefined => {
  const content = (node as { content?: Record<string, { schema?: object }> } | undefined)?.content;
  return content?.['application/json']?.schema;
};

const problems = (validate: ValidateFunction): string =>
  (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');

/** Throws when the exchange is not one the document allows; exchanges outside it pass. */
export const checkAgainstDocument = (request: InjectOptions, response: LightMyRequestResponse): void => {
  const method = (request.method ?? 'GET').toUpperCase();
  const url = typeof request.url === 'string' ? request.url : String(request.url ?? '');
  const found = find(method, url);
  if (found === undefined) return;
  const where = `${method} ${url} (${found.method} ${found.path})`;
  const responses = found.operation.responses as Record<string, unknown>;
  const declared = responses[String(response.statusCode)];
  if (declared === undefined) {
    throw new Error(
      `OpenAPI drift: ${where} answered ${response.statusCode}, which the document does not declare`,
    );
  }
  // A HEAD answer has no body to hold to a schema; one in another media type (CSV) is not JSON.
  const type = String(response.headers['content-type'] ?? 'application/json');
  const schema = method === 'HEAD' || !type.includes('json') ? undefined : jsonSchemaOf(declared);
  if (schema !== undefined) {
    const validate = validatorOf(schema);
    if (!validate(response.json())) {
      throw new Error(
        `OpenAPI drift: the ${response.statusCode} answer of ${where} breaks its schema: ${problems(validate)}\n${response.body}`,
      );
    }
  }
  const accepted = response.statusCode >= 200 && response.statusCode < 300;
  const bodySchema = jsonSchemaOf(found.operation.requestBody);
  if (
    accepted &&
    bodySchema !== undefined &&
    typeof request.payload === 'object' &&
    request.payload !== null
  ) {
    const validate = validatorOf(bodySchema);
    if (!validate(request.payload)) {
      throw new Error(
        `OpenAPI drift: ${where} accepted a body its request schema refuses: ${problems(validate)}\n${JSON.stringify(request.payload)}`,
      );
    }
  }
};

/** Throws unless `body` is an event the document's top-level `webhooks` describes, as its schema says. */
export const checkWebhookEvent = (body: string): void => {
  const event: unknown = JSON.parse(body);
  const type = String((event as { type?: unknown }).type);
  const described = webhooksOf(document)[type];
  if (described === undefined) throw new Error(`OpenAPI drift: event ${type} is not under webhooks`);
  const schema = jsonSchemaOf((resolve(described) as { post: Json }).post.requestBody);
  if (schema === undefined) throw new Error(`OpenAPI drift: event ${type} has no body schema`);
  const validate = validatorOf(schema);
  if (!validate(event))
    throw new Error(`OpenAPI drift: event ${type} breaks its schema: ${problems(validate)}\n${body}`);
};

const webhooksOf = (described: Json): Record<string, Json> =>
  (described as Json & { webhooks?: Record<string, Json> }).webhooks ?? {};

/** The event types the document describes. */
export const documentedEvents = (): readonly string[] => Object.keys(webhooksOf(document));
