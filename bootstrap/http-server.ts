import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildHttpApp } from '../adapters/http/http-app.js';
import { systemRoutes } from '../adapters/http/routes/system.routes.js';
import { taskRoutes } from '../adapters/http/routes/task.routes.js';
import { workspaceRoutes } from '../adapters/http/routes/workspace.routes.js';
import type { Workspace } from '../application/workspace/workspace.js';

/** The HTTP application over a workspace (used by main and by the HTTP specs). */
export const createHttpServer = (
  workspace: Workspace,
  logger: FastifyServerOptions['logger'],
): FastifyInstance =>
  buildHttpApp({
    logger,
    workspace,
    publicRoutes: systemRoutes(() => workspace.isHealthy()),
    routes: [...taskRoutes, ...workspaceRoutes],
  });
