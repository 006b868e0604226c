import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import { buildHttpApp } from '../adapters/http/http-app.js';
import {
  presentClient,
  presentMoney,
  presentNamed,
  presentNote,
  presentProject,
  presentTime,
} from '../adapters/http/presenters/record.presenters.js';
import type { Route } from '../adapters/http/route.js';
import { preparedRoute, recordRoutes } from '../adapters/http/routes/record.routes.js';
import { systemRoutes } from '../adapters/http/routes/system.routes.js';
import { taskRoutes } from '../adapters/http/routes/task.routes.js';
import { AuthenticateApiKey } from '../application/api-keys/authenticate-api-key.use-case.js';
import { GetGamificationProfile } from '../application/gamification/get-gamification-profile.use-case.js';
import type { HealthCheck } from '../application/ports/health-check.port.js';
import type { CreateRecord } from '../application/records/create-record.use-case.js';
import type { RecordUseCases } from '../application/records/record-use-cases.js';
import { CreateTask } from '../application/tasks/create-task.use-case.js';
import { DeleteTask } from '../application/tasks/delete-task.use-case.js';
import { GetTask } from '../application/tasks/get-task.use-case.js';
import { GetTaskHistory } from '../application/tasks/get-task-history.use-case.js';
import { ListTasks } from '../application/tasks/list-tasks.use-case.js';
import { ReplaceTask } from '../application/tasks/replace-task.use-case.js';
import { UpdateTask } from '../application/tasks/update-task.use-case.js';
import type {
  ClientFields,
  MoneyFields,
  NamedFields,
  NoteFields,
  ProjectFields,
  TimeFields,
} from '../domain/workspace/records.js';
import {
  CARD_USE_CASES,
  CATEGORY_USE_CASES,
  CLIENT_USE_CASES,
  CREATE_MONEY_RECORD,
  CREATE_PREPARED_NOTE,
  CREATE_TIME_RECORD,
  NOTE_USE_CASES,
  PROJECT_USE_CASES,
} from './record-use-cases.js';

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
    routes: [
      ...taskRoutes({
        createTask: container.resolve(CreateTask),
        getTask: container.resolve(GetTask),
        listTasks: container.resolve(ListTasks),
        updateTask: container.resolve(UpdateTask),
        replaceTask: container.resolve(ReplaceTask),
        deleteTask: container.resolve(DeleteTask),
        getTaskHistory: container.resolve(GetTaskHistory),
        getGamificationProfile: container.resolve(GetGamificationProfile),
      }),
      ...workspaceRoutes(container),
    ],
  });

/** Clients, projects, notes, categories, cards, and the prepared contracts. */
const workspaceRoutes = (container: DependencyContainer): Route[] => [
  ...recordRoutes(
    { path: '/v1/clients', singular: 'client', plural: 'clients', scope: 'clients', present: presentClient },
    container.resolve<RecordUseCases<ClientFields>>(CLIENT_USE_CASES),
  ),
  ...recordRoutes(
    {
      path: '/v1/projects',
      singular: 'project',
      plural: 'projects',
      scope: 'projects',
      present: presentProject,
    },
    container.resolve<RecordUseCases<ProjectFields>>(PROJECT_USE_CASES),
  ),
  ...recordRoutes(
    { path: '/v1/notes', singular: 'note', plural: 'notes', scope: 'notes', present: presentNote },
    container.resolve<RecordUseCases<NoteFields>>(NOTE_USE_CASES),
  ),
  ...recordRoutes(
    {
      path: '/v1/categories',
      singular: 'category',
      plural: 'categories',
      scope: 'categories',
      present: presentNamed,
    },
    container.resolve<RecordUseCases<NamedFields>>(CATEGORY_USE_CASES),
  ),
  ...recordRoutes(
    { path: '/v1/cards', singular: 'card', plural: 'cards', scope: 'cards', present: presentNamed },
    container.resolve<RecordUseCases<NamedFields>>(CARD_USE_CASES),
  ),
  preparedRoute(
    '/public-api/v1/times',
    'time',
    'times',
    container.resolve<CreateRecord<TimeFields>>(CREATE_TIME_RECORD),
    presentTime,
  ),
  preparedRoute(
    '/public-api/v1/moneys',
    'money',
    'moneys',
    container.resolve<CreateRecord<MoneyFields>>(CREATE_MONEY_RECORD),
    presentMoney,
  ),
  preparedRoute(
    '/public-api/v1/notes',
    'note',
    'notes',
    container.resolve<CreateRecord<NoteFields>>(CREATE_PREPARED_NOTE),
    presentNote,
  ),
];
