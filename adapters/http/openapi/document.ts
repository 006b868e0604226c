import { callScopes } from '../../../application/workspace/scope-policy.js';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN } from '../idempotency.js';
import type { PublicRoute, Route } from '../route.js';
import { ERROR_RESPONSES, type ErrorStatus, errorResponseComponents } from './error-responses.js';
import { INTRODUCTION, TAGS } from './introduction.js';
import { bodySchemaOf, type JsonSchema, queryParametersOf } from './json-schema.js';
import { TASK } from './resource-schemas.js';
import { EXAMPLE_PAGINATION, errorEnvelope, ID, successBody } from './response-schemas.js';
import { webhookEvents } from './webhook-events.js';

/**
 * The OpenAPI 3.1 document of the API, built from the routes themselves: their paths and methods,
 * the wire codecs their handlers decode with, the scopes the library's table gives their
 * operations, and the schemas of their answers.
 */

const HEADERS: Record<string, { readonly description: string; readonly schema: JsonSchema }> = {
  'X-Request-Id': {
    description: 'The request’s id (yours, if you sent a valid one); the log has it too.',
    schema: { type: 'string' },
  },
  ETag: { description: 'The strong validator of the record as answered.', schema: { type: 'string' } },
  Location: { description: 'The path of the new record.', schema: { type: 'string' } },
  'Idempotent-Replayed': {
    description: 'Present on an answer replayed for a repeated `Idempotency-Key`.',
    schema: { type: 'string', enum: ['true'] },
  },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
  'WWW-Authenticate': { description: '`Bearer realm="workspace-api"`.', schema: { type: 'string' } },
  'X-Accepted-Scopes': {
    description: 'The scopes that would have been accepted, comma-separated.',
    schema: { type: 'string' },
  },
  'X-RateLimit-Limit': {
    description: 'Requests allowed per minute (when a limit is set).',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': { description: 'Requests left in this minute.', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the window starts again.', schema: { type: 'integer' } },
};

const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });
const headerRefs = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, headerRef(name)]));

const PARAMETERS = {
  Id: { name: 'id', in: 'path', required: true, description: 'The record’s id.', schema: ID },
  DeliveryId: {
    name: 'delivery_id',
    in: 'path',
    required: true,
    description: 'The delivery’s id (from the deliveries list).',
    schema: ID,
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes a retried POST safe: the first answer is kept 24 h and replayed (with `Idempotent-Replayed: true`) for the same key, method, path and body. 1..255 printable ASCII characters, space to tilde.',
    schema: {
      type: 'string',
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      pattern: IDEMPOTENCY_KEY_PATTERN,
    },
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description: 'Change only if the record still has this ETag (or exists, for `*`); else 412.',
    schema: { type: 'string' },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: '304 without a body when the record still has this ETag.',
    schema: { type: 'string' },
  },
} as const;

const parameterRef = (name: keyof typeof PARAMETERS) => ({ $ref: `#/components/parameters/${name}` });

/** OpenAPI paths name parameters `{id}` where fastify says `:id`. */
const openApiPath = (url: string): string => url.replace(/:([A-Za-z_]+)/g, '{$1}');

/** What any request may be answered, whatever its route: before routing, and on the server's side. */
const ANY_REQUEST: readonly ErrorStatus[] = [400, 408, 431, 500, 503];

const errorStatuses = (route: Route): ErrorStatus[] => {
  const writes = route.method === 'PATCH' || route.method === 'PUT' || route.method === 'DELETE';
  const statuses: ErrorStatus[] = [...ANY_REQUEST, 401, 403, 429];
  if (route.url.includes(':id')) statuses.push(404);
  if (route.method === 'POST') statuses.push(409, 422);
  if (route.doc.inUse) statuses.push(409);
  if (writes) statuses.push(412);
  if (route.doc.answer.gone) statuses.push(410);
  if (route.doc.body !== undefined || route.doc.bodySchema !== undefined) statuses.push(413, 415);
  return [...new Set(statuses)].sort((a, b) => a - b);
};

const errorRef = (status: ErrorStatus) => ({
  $ref: `#/components/responses/${ERROR_RESPONSES[status].name}`,
});

const successResponse = (route: Route): object => {
  const { answer } = route.doc;
  const schema = successBody(answer);
  return {
    description: route.doc.summary,
    headers: headerRefs([
      'X-Request-Id',
      ...(answer.etag ? ['ETag'] : []),
      ...(answer.location ? ['Location'] : []),
      ...(route.method === 'POST' ? ['Idempotent-Replayed'] : []),
      ...RATE_LIMIT_HEADERS,
    ]),
    content: {
      'application/json': {
        schema,
        example: answer.bare ? answer.example : { success: true, data: answer.example },
      },
      ...(answer.csv === undefined
        ? {}
        : { 'text/csv': { schema: { type: 'string' }, example: answer.csv } }),
    },
  };
};

/** The scopes an operation needs, as the document states them: security, the accepted list and a note. */
const scopesOf = (operation: Route['operation']) => {
  const { needed, accepted, all } = callScopes(operation.group, operation.name);
  const [only] = needed;
  if (all === true)
    return {
      security: [{ bearer: [...needed] }, { apiKey: [...needed] }],
      accepted,
      note: `Needs every one of ${needed.map((s) => `\`${s}\``).join(', ')} (each, or its resource's \`:*\`).`,
    };
  if (needed.length === 0)
    return {
      security: [{ bearer: [] }, { apiKey: [] }],
      accepted,
      note: 'Needs a valid key; each operation in it needs its own scope, as it would alone.',
    };
  return {
    security: needed.flatMap((scope) => [{ bearer: [scope] }, { apiKey: [scope] }]),
    accepted,
    note:
      needed.length === 1 && only !== undefined
        ? `Needs the \`${only}\` scope (or ${accepted
            .filter((s) => s !== only)
            .map((s) => `\`${s}\``)
            .join(', ')}).`
        : 'Each resource it answers needs its `<resource>:read` scope (or `<resource>:*`); naming one the key cannot read is 403.',
  };
};

const requestBodyOf = (doc: Route['doc']): object => {
  const schema = doc.body === undefined ? doc.bodySchema : bodySchemaOf(doc.body);
  if (schema === undefined) return {};
  const required =
    doc.body === undefined
      ? Array.isArray(schema.required) && schema.required.length > 0
      : (doc.body.codec.options.required ?? []).length > 0;
  return {
    requestBody: {
      required,
      content: {
        'application/json': {
          schema,
          ...(doc.bodyExample === undefined ? {} : { example: doc.bodyExample }),
        },
      },
    },
  };
};

const keyedOperation = (route: Route): object => {
  const { doc } = route;
  const scopes = scopesOf(route.operation);
  const parameters = [
    ...(route.url.includes(':id') ? [parameterRef('Id')] : []),
    ...(route.url.includes(':delivery_id') ? [parameterRef('DeliveryId')] : []),
    ...(doc.query === undefined ? [] : queryParametersOf(doc.query)),
    ...(route.method === 'POST' ? [parameterRef('IdempotencyKey')] : []),
    ...(route.method === 'GET' && doc.answer.etag ? [parameterRef('IfNoneMatch')] : []),
    ...(route.method === 'PATCH' || route.method === 'PUT' || route.method === 'DELETE'
      ? [parameterRef('IfMatch')]
      : []),
  ];
  return {
    operationId: doc.operationId ?? `${route.operation.group}.${route.operation.name}`,
    tags: [doc.tag],
    summary: doc.summary,
    description: [doc.description, scopes.note].filter((part) => part !== undefined).join('\n\n'),
    security: scopes.security,
    'x-accepted-scopes': scopes.accepted,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...requestBodyOf(doc),
    responses: {
      [doc.answer.status]: successResponse(route),
      ...(route.method === 'GET' && doc.answer.etag
        ? {
            304: {
              description: 'Not modified: the record still has the ETag sent.',
              headers: headerRefs(['ETag']),
            },
          }
        : {}),
      ...Object.fromEntries(errorStatuses(route).map((status) => [status, errorRef(status)])),
    },
  };
};

const publicOperation = (route: PublicRoute): object => {
  const { doc } = route;
  const { answer } = doc;
  const content =
    'schema' in answer
      ? {
          'application/json': {
            schema: answer.schema,
            ...(answer.example === undefined ? {} : { example: answer.example }),
          },
        }
      : Object.fromEntries(
          [answer.mediaType].flat().map((type) => [
            type,
            {
              schema: type.startsWith('image/')
                ? { type: 'string', contentMediaType: type }
                : { type: 'string' },
            },
          ]),
        );
  return {
    operationId: doc.operationId,
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description === undefined ? {} : { description: doc.description }),
    security: [],
    ...(doc.parameters === undefined && !doc.etag
      ? {}
      : { parameters: [...(doc.parameters ?? []), ...(doc.etag ? [parameterRef('IfNoneMatch')] : [])] }),
    responses: {
      [answer.status]: {
        description: 'description' in answer ? answer.description : doc.summary,
        headers: headerRefs([
          'X-Request-Id',
          ...(doc.etag ? ['ETag'] : []),
          ...(route.unlimited ? [] : RATE_LIMIT_HEADERS),
        ]),
        content,
      },
      ...(doc.etag
        ? {
            304: {
              description: 'Not modified: the answer still has the ETag sent.',
              headers: headerRefs(['ETag']),
            },
          }
        : {}),
      // Counted against the caller's address, as any request without a key.
      ...(route.unlimited ? {} : { 429: errorRef(429) }),
      // Answered before routing, to any request.
      408: errorRef(408),
      431: errorRef(431),
      ...Object.fromEntries(
        Object.entries(doc.failures ?? {}).map(([status, codes]) => [
          status,
          {
            description: codes.join(', '),
            headers: headerRefs(['X-Request-Id', ...(status === '503' ? ['Retry-After'] : [])]),
            content: { 'application/json': { schema: errorEnvelope(codes) } },
          },
        ]),
      ),
    },
  };
};

/**
 * Moves every schema with a `title` into `components.schemas` and refers to it there, so each
 * named schema (Task, Client, …) is written once. Two different schemas under one title are a
 * programming error.
 */
const hoistNamedSchemas = <T extends object>(
  sections: T,
): { sections: T; schemas: Record<string, JsonSchema> } => {
  const schemas: Record<string, JsonSchema> = {};
  const texts = new Map<string, string>();
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (typeof value !== 'object' || value === null) return value;
    const visited = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, visit(inner)]));
    const { title } = visited;
    if (typeof title !== 'string' || !('type' in visited)) return visited;
    const text = JSON.stringify(visited);
    const known = texts.get(title);
    if (known !== undefined && known !== text) throw new Error(`two different schemas are named ${title}`);
    texts.set(title, text);
    schemas[title] = visited;
    return { $ref: `#/components/schemas/${title}` };
  };
  // trust boundary: visit keeps every value's shape, replacing named schemas by references, which T allows.
  return { sections: visit(sections) as T, schemas };
};

export interface DocumentOptions {
  readonly routes: readonly Route[];
  readonly publicRoutes: readonly PublicRoute[];
  /** The service's version, as its package says. */
  readonly version: string;
}

/**
 * HEAD, which the server answers on every GET path (fastify's default) and lists in `Allow`: the
 * GET's operation with the same statuses and headers, and no body.
 */
const headOf = (get: Record<string, unknown>): object => {
  // trust boundary: a GET operation this module built: its responses are objects by status.
  const responses = get.responses as Record<string, Record<string, unknown>>;
  return {
    ...get,
    operationId: `${String(get.operationId)}Head`,
    summary: `${String(get.summary)} (headers only)`,
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, response]) => {
        const { content: _body, ...rest } = response;
        return [status, rest];
      }),
    ),
  };
};

const JSON_RPC_ID = { oneOf: [{ type: 'string' }, { type: 'integer' }] };

/** A JSON-RPC 2.0 error answer, as the MCP SDK writes one for a message it cannot take. */
const JSON_RPC_ERROR = {
  type: 'object',
  required: ['jsonrpc', 'error'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { oneOf: [...JSON_RPC_ID.oneOf, { type: 'null' }] },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' } },
    },
  },
};

const jsonRpcError = (description: string, example: object) => ({
  description,
  headers: headerRefs(['X-Request-Id']),
  content: { 'application/json': { schema: JSON_RPC_ERROR, example } },
});

/** `POST /mcp`: the Model Context Protocol's endpoint, whose messages that protocol describes. */
const mcpOperation = (): object => ({
  operationId: 'mcp.message',
  tags: ['Agents'],
  summary: 'One Model Context Protocol message (Streamable HTTP)',
  description: [
    'One JSON-RPC 2.0 message of the Model Context Protocol a POST (`initialize`, `tools/list`, `tools/call`, …), answered in JSON: stateless, no session and no event stream (`GET /mcp` is 405). Send `Accept: application/json, text/event-stream`, as MCP clients do.',
    'Each tool is an operation of this API (`tasks_list` is `GET /v1/tasks`): a call is counted against the rate limit, authorized by the key’s scopes and validated exactly as that request, and answers its JSON as `structuredContent`. `tools/list` shows the tools the key’s scopes allow.',
    'Needs a valid key; each tool call needs its operation’s scope.',
  ].join('\n\n'),
  security: [{ bearer: [] }, { apiKey: [] }],
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['jsonrpc', 'method'],
          properties: {
            jsonrpc: { const: '2.0' },
            id: JSON_RPC_ID,
            method: { type: 'string' },
            params: { type: 'object' },
          },
        },
        example: {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'tasks_list', arguments: { limit: 5 } },
        },
      },
    },
  },
  responses: {
    200: {
      description:
        'The JSON-RPC response (a tool’s refusal is a result with `isError`, led by the contract’s code).',
      headers: headerRefs(['X-Request-Id', ...RATE_LIMIT_HEADERS]),
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['jsonrpc'],
            properties: {
              jsonrpc: { const: '2.0' },
              id: JSON_RPC_ID,
              result: { type: 'object' },
              error: { type: 'object' },
            },
          },
          example: {
            jsonrpc: '2.0',
            id: 1,
            result: {
              content: [{ type: 'text', text: '1 tasks of 1.' }],
              structuredContent: {
                success: true,
                data: { tasks: [TASK.example], pagination: EXAMPLE_PAGINATION },
              },
            },
          },
        },
      },
    },
    202: { description: 'A notification, taken.' },
    ...Object.fromEntries(
      ([408, 401, 413, 415, 429, 431, 500, 503] as const).map((status) => [status, errorRef(status)]),
    ),
    400: {
      description:
        'A body that is not JSON answers the contract’s envelope (`INVALID_JSON`); JSON that is not a JSON-RPC message answers a JSON-RPC error (`-32700`, `-32600`).',
      headers: headerRefs(['X-Request-Id']),
      content: {
        'application/json': {
          schema: { oneOf: [errorEnvelope(['INVALID_JSON']), JSON_RPC_ERROR] },
          example: {
            jsonrpc: '2.0',
            id: null,
            error: { code: -32700, message: 'Parse error: Invalid JSON-RPC message' },
          },
        },
      },
    },
    406: jsonRpcError('The `Accept` header does not name both `application/json` and `text/event-stream`.', {
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message: 'Not Acceptable: Client must accept both application/json and text/event-stream',
      },
    }),
  },
});

export const openApiDocument = (options: DocumentOptions): object => {
  const paths: Record<string, Record<string, object>> = {};
  const add = (url: string, method: string, operation: object) => {
    const path = openApiPath(url);
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation };
  };
  for (const route of options.publicRoutes) add(route.url, route.method, publicOperation(route));
  for (const route of options.routes) add(route.url, route.method, keyedOperation(route));
  add('/mcp', 'POST', mcpOperation());
  for (const operations of Object.values(paths)) {
    // trust boundary: the operations this function just added: objects, the GET's among them.
    const get = operations.get as Record<string, unknown> | undefined;
    if (get !== undefined) operations.head = headOf(get);
  }
  const hoisted = hoistNamedSchemas({ paths, webhooks: webhookEvents() });
  const used = new Set([
    'Agents',
    ...options.routes.map((r) => r.doc.tag),
    ...options.publicRoutes.map((r) => r.doc.tag),
  ]);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workspace API',
      version: options.version,
      summary:
        'Tasks, clients, projects, notes, time and money records of one workspace, by personal API key.',
      description: INTRODUCTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/', description: 'This service' }],
    tags: TAGS.filter((tag) => used.has(tag.name)),
    security: [{ bearer: [] }, { apiKey: [] }],
    paths: hoisted.sections.paths,
    webhooks: hoisted.sections.webhooks,
    components: {
      schemas: hoisted.schemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'The personal API key as a Bearer token: `Authorization: Bearer wsk_…`.',
        },
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: 'The same key in `X-API-Key` (both sent must be the same key).',
        },
      },
      parameters: PARAMETERS,
      headers: HEADERS,
      responses: errorResponseComponents(headerRef),
    },
  };
};
