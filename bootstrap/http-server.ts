import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import * as E from 'fp-ts/lib/Either.js';
import type { ConnectionLimits } from '../adapters/http/connection-limits.js';
import { type Dispatch, dispatcher } from '../adapters/http/dispatch.js';
import { buildHttpApp } from '../adapters/http/http-app.js';
import { openApiDocument } from '../adapters/http/openapi/document.js';
import type { RateLimitOptions } from '../adapters/http/rate-limit.js';
import type { RequestObserver, RequestSample } from '../adapters/http/request-log.js';
import type { PublicRoute, Route } from '../adapters/http/route.js';
import { batchRoute } from '../adapters/http/routes/batch.routes.js';
import { calendarRoutes } from '../adapters/http/routes/calendar.routes.js';
import { calendarFeedRoutes } from '../adapters/http/routes/calendar-feed.routes.js';
import { callerRoutes } from '../adapters/http/routes/caller.routes.js';
import { descriptionRoutes } from '../adapters/http/routes/description.routes.js';
import { portabilityRoutes } from '../adapters/http/routes/portability.routes.js';
import { reportRoutes } from '../adapters/http/routes/report.routes.js';
import { syncRoutes } from '../adapters/http/routes/sync.routes.js';
import { systemRoutes } from '../adapters/http/routes/system.routes.js';
import { taskRoutes } from '../adapters/http/routes/task.routes.js';
import { webhookRoutes } from '../adapters/http/routes/webhook.routes.js';
import { workspaceRoutes } from '../adapters/http/routes/workspace.routes.js';
import { mcpEndpoint } from '../adapters/mcp/http-endpoint.js';
import { type ToolCatalog, toolCatalog } from '../adapters/mcp/tool-catalog.js';
import type { IdempotencyStore, WindowCounter } from '../adapters/persistence/persistence.js';
import { closed } from '../application/shared/errors.js';
import type { Workspace } from '../application/workspace/workspace.js';
import type { ServedWorkspace } from './workspace.js';

export interface HttpServerOptions {
  /** Hears of every answered request (route pattern, status, duration): feed your metrics here. */
  readonly observeRequest?: RequestObserver;
  /** Requests per key per minute (absent or 0: no limit), counted in `shared` when instances share a database. */
  readonly rateLimit?: RateLimitOptions;
  /**
   * Where POSTs with an Idempotency-Key keep their answers. Default: the workspace's own database
   * (a workspace from `openWorkspace`), else the process.
   */
  readonly idempotency?: IdempotencyStore;
  /** Timeouts against slow clients and the header size limit (defaults: `DEFAULT_CONNECTION_LIMITS`). */
  readonly connectionLimits?: ConnectionLimits;
  /** The origins browsers may call the API from (`*` for any); absent: cross-origin calls are not allowed. */
  readonly corsOrigins?: readonly string[];
  /** Keep each request's id in scope for its work, so its SQL log lines can name it (`currentRequestId`). */
  readonly scopeRequestIds?: boolean;
}

/** The version `info.version` of the OpenAPI document gives (CONTRACT 8). */
const API_DOCUMENT_VERSION = '1.0.0';

/** Every keyed route of the API but the batch, which runs them. */
const singleRoutes = [
  ...callerRoutes,
  ...taskRoutes,
  ...workspaceRoutes,
  ...reportRoutes,
  ...syncRoutes,
  ...webhookRoutes,
  ...calendarFeedRoutes,
  ...portabilityRoutes,
];

/** Every keyed route of the API: the single ones, and the batch of them and of `publicRoutes`. */
const apiRoutes = (publicRoutes: readonly PublicRoute[]): Route[] => [
  ...singleRoutes,
  // A streamed answer is no batch's operation (`Route.streamed`).
  batchRoute(
    singleRoutes.filter((route) => !route.streamed),
    publicRoutes,
  ),
];

let document: object | undefined;

/** The OpenAPI document: the same for every workspace, so it is built once, when first asked for. */
export const apiDocument = (): object => {
  const publicRoutes = [
    ...systemRoutes(async () => true),
    ...calendarRoutes(async () => E.left(closed)),
    ...descriptionRoutes(apiDocument),
  ];
  document ??= openApiDocument({
    routes: apiRoutes(publicRoutes),
    publicRoutes,
    version: API_DOCUMENT_VERSION,
  });
  return document;
};

/** The routes a workspace serves: its health is its own. */
const routesOf = (workspace: Workspace) => {
  const publicRoutes = [
    ...systemRoutes(() => workspace.isHealthy()),
    ...calendarRoutes((token, known) => workspace.calendar(token, known)),
    ...descriptionRoutes(apiDocument),
  ];
  return { publicRoutes, routes: apiRoutes(publicRoutes) };
};

let catalog: ToolCatalog | undefined;

/**
 * The MCP server's parts over a workspace: the tools (the same for every workspace, built once) and
 * the dispatch that runs each as its API request. Served at `/mcp` and by `workspace-api mcp`.
 */
export const mcpPartsOf = (workspace: Workspace): McpParts => mcpOver(routesOf(workspace));

interface McpParts {
  readonly catalog: ToolCatalog;
  readonly dispatch: Dispatch;
  readonly version: string;
}

const mcpOver = ({ publicRoutes, routes }: ReturnType<typeof routesOf>): McpParts => {
  catalog ??= toolCatalog(routes);
  return { catalog, dispatch: dispatcher(routes, publicRoutes), version: API_DOCUMENT_VERSION };
};

/** The HTTP application over a workspace (used by main and by the HTTP specs). */
export const createHttpServer = (
  workspace: ServedWorkspace,
  logger: FastifyServerOptions['logger'],
  options: HttpServerOptions = {},
): FastifyInstance => {
  const served = routesOf(workspace);
  const { publicRoutes, routes } = served;
  const mcp = mcpOver(served);
  return buildHttpApp({
    logger,
    admit: workspace.admit,
    observeRequest: options.observeRequest,
    rateLimit: options.rateLimit,
    connectionLimits: options.connectionLimits,
    cors: options.corsOrigins === undefined ? undefined : { origins: options.corsOrigins },
    scopeRequestIds: options.scopeRequestIds,
    idempotency: options.idempotency ?? workspace.idempotency,
    publicRoutes,
    routes,
    mcp: mcpEndpoint(mcp.catalog, mcp.dispatch, mcp.version),
  });
};

export type {
  ConnectionLimits,
  IdempotencyStore,
  RateLimitOptions,
  RequestObserver,
  RequestSample,
  WindowCounter,
};
