import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { buildHttpApp } from '../adapters/http/http-app.js';
import { systemRoutes } from '../adapters/http/routes/system.routes.js';
import { taskRoutes } from '../adapters/http/routes/task.routes.js';
import { AuthenticateApiKey } from '../application/api-keys/authenticate-api-key.use-case.js';
import { GetGamificationProfile } from '../application/gamification/get-gamification-profile.use-case.js';
import type { HealthCheck } from '../application/ports/health-check.port.js';
import { CreateTask } from '../application/tasks/create-task.use-case.js';
import { DeleteTask } from '../application/tasks/delete-task.use-case.js';
import { GetTask } from '../application/tasks/get-task.use-case.js';
import { GetTaskHistory } from '../application/tasks/get-task-history.use-case.js';
import { ListTasks } from '../application/tasks/list-tasks.use-case.js';
import { ReplaceTask } from '../application/tasks/replace-task.use-case.js';
import { UpdateTask } from '../application/tasks/update-task.use-case.js';

/** The HTTP application over a wired container (used by main and by the HTTP specs). */
export const createHttpServer = (
  container: DependencyContainer,
  health: HealthCheck,
  logger: FastifyServerOptions['logger'],
): FastifyInstance =>
  buildHttpApp({
    logger,
    authenticate: container.resolve(AuthenticateApiKey),
    publicRoutes: systemRoutes(health),
    routes: taskRoutes({
      createTask: container.resolve(CreateTask),
      getTask: container.resolve(GetTask),
      listTasks: container.resolve(ListTasks),
      updateTask: container.resolve(UpdateTask),
      replaceTask: container.resolve(ReplaceTask),
      deleteTask: container.resolve(DeleteTask),
      getTaskHistory: container.resolve(GetTaskHistory),
      getGamificationProfile: container.resolve(GetGamificationProfile),
    }),
  });
