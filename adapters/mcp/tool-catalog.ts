import { callRefusal, callScopes } from '../../application/workspace/scope-policy.js';
import type { Scope } from '../../domain/api-key/scope.js';
import type { InnerRequest, Query } from '../http/dispatch.js';
import { bodySchemaOf, type JsonSchema, queryParametersOf } from '../http/openapi/json-schema.js';
import { ID } from '../http/openapi/response-schemas.js';
import type { Method, Route } from '../http/route.js';

/**
 * The MCP server's tools (CONTRACT §11): one per operation of the API, named `<resource>_<action>`,
 * each a view of its HTTP route. Its input schema is the route's own (path ids, then its query or its
 * body, from the wire codecs the OpenAPI document is generated from), and a call is that route's
 * request: the same scopes, validation, errors and answers as over HTTP, no rule of its own.
 */
export interface Tool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: ToolInputSchema;
  readonly annotations: {
    readonly readOnlyHint: boolean;
    readonly destructiveHint: boolean;
    readonly idempotentHint: boolean;
    readonly openWorldHint: boolean;
  };
  /** Which scopes let a key call it (any one of them). */
  readonly operation: Route['operation'];
  /** The API request it makes with these arguments. */
  readonly requestOf: (args: Readonly<Record<string, unknown>>) => InnerRequest;
}

/** A tool's arguments: one object, its fields each with its JSON Schema. */
export interface ToolInputSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties: false;
  readonly [keyword: string]: unknown;
}

/** `tasks.changeStatus` → `tasks_change_status`; the feed and batches by their names alone. */
const toolName = (operationId: string): string => {
  if (operationId === 'sync.since') return 'sync';
  if (operationId === 'batch.run') return 'batch';
  return operationId.replace('.', '_').replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
};

/** What a call of each method does to the workspace, said truthfully to the client. */
const HINTS: Record<Method, Tool['annotations']> = {
  GET: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  // A create makes a new record each time; nothing is overwritten.
  POST: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  // Overwrites the fields given (PUT: all of them); the same call again changes nothing more.
  PATCH: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  PUT: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  DELETE: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
};

/** Path parameters, as tool arguments. */
const PATH_PARAMETERS: Record<string, JsonSchema> = {
  id: { ...ID, description: 'The id of the record.' },
  delivery_id: { ...ID, description: 'The id of the delivery.' },
};

const pathParametersOf = (url: string): string[] =>
  [...url.matchAll(/:([a-z_]+)/g)].map((match) => match[1] ?? '').filter((name) => name !== '');

/** Query parameters that choose how HTTP writes an answer (a report's CSV): a tool answers JSON. */
const HTTP_ONLY_PARAMETERS = new Set(['format']);

/** The route's input as one object: its path ids, then its query parameters or its body's fields. */
const inputSchemaOf = (route: Route): ToolInputSchema => {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const name of pathParametersOf(route.url)) {
    properties[name] = PATH_PARAMETERS[name] ?? ID;
    required.push(name);
  }
  const { query, body, bodySchema } = route.doc;
  if (query !== undefined)
    for (const parameter of queryParametersOf(query)) {
      if (HTTP_ONLY_PARAMETERS.has(parameter.name)) continue;
      properties[parameter.name] =
        parameter.description === undefined
          ? parameter.schema
          : { ...parameter.schema, description: parameter.description };
      if (parameter.required) required.push(parameter.name);
    }
  const schema = body === undefined ? bodySchema : bodySchemaOf(body);
  if (schema !== undefined && typeof schema.properties === 'object' && schema.properties !== null) {
    // Read-only fields a body accepts and ignores (GET → edit → PUT) are no input of a tool.
    const ignored = new Set<string>(body?.codec.options.ignored ?? []);
    for (const [name, field] of Object.entries(schema.properties))
      if (!ignored.has(name)) properties[name] = field;
    if (Array.isArray(schema.required)) for (const name of schema.required) required.push(String(name));
  }
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
};

/** Text as a query string carries it: a tool takes numbers as numbers, the route reads them as text. */
const asQueryText = (value: unknown): string | readonly string[] =>
  Array.isArray(value) ? value.map((item) => String(item)) : String(value);

const requestFor =
  (route: Route) =>
  (args: Readonly<Record<string, unknown>>): InnerRequest => {
    const pathNames = new Set(pathParametersOf(route.url));
    const path = route.url.replace(/:([a-z_]+)/g, (_, name: string) =>
      encodeURIComponent(String(args[name] ?? '')),
    );
    const rest = Object.entries(args).filter(([name]) => !pathNames.has(name));
    const readsQuery = route.method === 'GET' || route.method === 'DELETE';
    const query: Record<string, string | readonly string[]> = Object.create(null);
    if (readsQuery)
      for (const [name, value] of rest) if (value !== undefined) query[name] = asQueryText(value);
    return {
      method: route.method,
      path,
      query: query satisfies Query,
      body: readsQuery ? undefined : Object.fromEntries(rest),
      ifMatch: undefined,
      ifNoneMatch: undefined,
    };
  };

/** What the description says about scopes: a model that lacks one knows why a call was refused. */
const scopeNote = (operation: Route['operation']): string => {
  const { needed } = callScopes(operation.group, operation.name);
  if (needed.length === 0) return 'Any key may call it; what it runs needs those operations’ scopes.';
  if (needed.length === 1) return `Needs the key’s \`${needed[0]}\` scope (or its resource’s \`:*\`).`;
  return 'Answers only the resources whose `<resource>:read` scope the key has.';
};

const toolOf = (route: Route): Tool => {
  const name = toolName(route.doc.operationId ?? `${route.operation.group}.${route.operation.name}`);
  return {
    name,
    title: route.doc.summary,
    description: [
      `${route.doc.summary} (as \`${route.method} ${route.url.replace(/:([a-z_]+)/g, '{$1}')}\` of the HTTP API).`,
      route.doc.description,
      scopeNote(route.operation),
    ]
      .filter((part) => part !== undefined)
      .join('\n\n'),
    inputSchema: inputSchemaOf(route),
    annotations: HINTS[route.method],
    operation: route.operation,
    requestOf: requestFor(route),
  };
};

/** A task's status move by itself: the PATCH of `status` alone, with its gamification feedback. */
const changeStatusTool = (update: Route): Tool => {
  const { properties } = inputSchemaOf(update);
  return {
    name: 'tasks_change_status',
    title: 'Change a task’s status',
    description: [
      'Moves a task to another status: 0 new, 1 in progress, 2 done, 3 cancelled (as `PATCH /v1/tasks/{id}` with `status` alone).',
      'Every real change adds a history entry. The answer’s `gamification` says what it did to the points: moving to done (2) scores the completion (10 points, 5 more for priority 1, 3 more on time, and a streak bonus), moving away from done takes exactly that back, and the same status again changes nothing.',
      'The task’s owner or its assignee may call it. Needs the key’s `tasks:write` scope (or `tasks:*`).',
    ].join('\n\n'),
    inputSchema: {
      type: 'object',
      properties: { id: PATH_PARAMETERS.id ?? ID, status: properties.status ?? {} },
      required: ['id', 'status'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    operation: update.operation,
    // Only the status goes in the body: anything else would be a PATCH of more than the status.
    // (A missing status is sent as null, which the route refuses, naming the field.)
    requestOf: (args) =>
      requestFor(update)({ id: args.id, status: args.status === undefined ? null : args.status }),
  };
};

export interface ToolCatalog {
  readonly tools: readonly Tool[];
  readonly byName: ReadonlyMap<string, Tool>;
  /** The tools a key with these scopes may call: an agent is shown what it can do. */
  allowedFor(scopes: readonly Scope[]): readonly Tool[];
}

/**
 * Every keyed route as a tool, and the task status change by itself. A route of a prepared contract
 * (`/public-api/v1/…`) is the same operation as its `/v1/` route: no tool of its own; a streamed
 * route (an export) has none either.
 */
export const toolCatalog = (routes: readonly Route[]): ToolCatalog => {
  const tools: Tool[] = [];
  for (const route of routes) {
    if (route.url.startsWith('/public-api/') || route.streamed) continue;
    tools.push(toolOf(route));
    if (route.method === 'PATCH' && route.url === '/v1/tasks/:id') tools.push(changeStatusTool(route));
  }
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  return {
    tools,
    byName,
    allowedFor: (scopes) =>
      tools.filter((tool) => {
        const { needed } = callScopes(tool.operation.group, tool.operation.name);
        // Sync and batch take any key; the others, their scope.
        return needed.length !== 1 || callRefusal(scopes, tool.operation.group, tool.operation.name) === null;
      }),
  };
};
