import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ConnectionLimits } from '../adapters/http/connection-limits.js';
import { buildHttpApp } from '../adapters/http/http-app.js';
import { openApiDocument } from '../adapters/http/openapi/document.js';
import type { RateLimitOptions } from '../adapters/http/rate-limit.js';
import type { RequestObserver, RequestSample } from '../adapters/http/request-log.js';
import type { PublicRoute, Route } from '../adapters/http/route.js';
import { batchRoute } from '../adapters/http/routes/batch.routes.js';
import { descriptionRoutes } from '../adapters/http/routes/description.routes.js';
import { syncRoutes } from '../adapters/http/routes/sync.routes.js';
import { systemRoutes } from '../adapters/http/routes/system.routes.js';
import { taskRoutes } from '../adapters/http/routes/task.routes.js';
import { webhookRoutes } from '../adapters/http/routes/webhook.routes.js';
import { workspaceRoutes } from '../adapters/http/routes/workspace.routes.js';
import { InMemoryIdempotencyStore } from '../adapters/persistence/in-memory/in-memory-idempotency-store.js';
import type { IdempotencyStore, WindowCounter } from '../adapters/persistence/persistence.js';
import type { Workspace } from '../application/workspace/workspace.js';
import { edgeGateOf, idempotencyStoreOf } from './workspace.js';

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
}

/** The version `info.version` of the OpenAPI document gives (CONTRACT 8). */
const API_DOCUMENT_VERSION = '1.0.0';

/** Every keyed route of the API but the batch, which runs them. */
const singleRoutes = [...taskRoutes, ...workspaceRoutes, ...syncRoutes, ...webhookRoutes];

/** Every keyed route of the API: the single ones, and the batch of them and of `publicRoutes`. */
const apiRoutes = (publicRoutes: readonly PublicRoute[]): Route[] => [
  ...singleRoutes,
  batchRoute(singleRoutes, publicRoutes),
];

let document: object | undefined;

/** The OpenAPI document: the same for every workspace, so it is built once, when first asked for. */
export const apiDocument = (): object => {
  const publicRoutes = [...systemRoutes(async () => true), ...descriptionRoutes(apiDocument)];
  document ??= openApiDocument({
    routes: apiRoutes(publicRoutes),
    publicRoutes,
    version: API_DOCUMENT_VERSION,
  });
  return document;
};

/** The HTTP application over a workspace (used by main and by the HTTP specs). */
export const createHttpServer = (
  workspace: Workspace,
  logger: FastifyServerOptions['logger'],
  options: HttpServerOptions = {},
): FastifyInstance => {
  const publicRoutes = [...systemRoutes(() => workspace.isHealthy()), ...descriptionRoutes(apiDocument)];
  return buildHttpApp({
    logger,
    gate: edgeGateOf(workspace),
    observeRequest: options.observeRequest,
    rateLimit: options.rateLimit,
    connectionLimits: options.connectionLimits,
    idempotency: options.idempotency ?? idempotencyStoreOf(workspace) ?? new InMemoryIdempotencyStore(),
    publicRoutes,
    routes: apiRoutes(publicRoutes),
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
