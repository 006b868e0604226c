import 'reflect-metadata';
import { CryptoApiKeySecrets } from '../adapters/auth/crypto-api-key-secrets.js';
import { CryptoFeedTokens } from '../adapters/auth/crypto-feed-tokens.js';
import type { Persistence } from '../adapters/persistence/persistence.js';
import { SystemClock } from '../adapters/system/system-clock.js';
import { AuthenticateApiKey } from '../application/api-keys/authenticate-api-key.use-case.js';
import { CreateApiKey } from '../application/api-keys/create-api-key.use-case.js';
import { ListApiKeys } from '../application/api-keys/list-api-keys.use-case.js';
import { RevokeApiKey } from '../application/api-keys/revoke-api-key.use-case.js';
import { RotateApiKey } from '../application/api-keys/rotate-api-key.use-case.js';
import { RunBatch } from '../application/batch/run-batch.use-case.js';
import { CreateCalendarFeed } from '../application/calendar/create-calendar-feed.use-case.js';
import {
  DeleteCalendarFeed,
  GetCalendarFeed,
  ListCalendarFeeds,
  RegenerateCalendarFeed,
} from '../application/calendar/manage-calendar-feeds.use-case.js';
import { ReadCalendar } from '../application/calendar/read-calendar.use-case.js';
import { GetGamificationProfile } from '../application/gamification/get-gamification-profile.use-case.js';
import { ExportWorkspace } from '../application/portability/export-workspace.use-case.js';
import { ImportWorkspace } from '../application/portability/import-workspace.use-case.js';
import type { Clock } from '../application/ports/clock.port.js';
import {
  MONEYS_FIGURES,
  ReportOf,
  TASKS_FIGURES,
  TIMES_FIGURES,
} from '../application/reports/report.use-case.js';
import { DEFAULT_SYNC_RETENTION_DAYS, SyncChanges } from '../application/sync/sync-changes.use-case.js';
import { ChangeTaskStatus } from '../application/tasks/change-task-status.use-case.js';
import { CreateTask } from '../application/tasks/create-task.use-case.js';
import { DeleteTask } from '../application/tasks/delete-task.use-case.js';
import { GetTask } from '../application/tasks/get-task.use-case.js';
import { GetTaskHistory } from '../application/tasks/get-task-history.use-case.js';
import { ListTasks } from '../application/tasks/list-tasks.use-case.js';
import { ReplaceTask } from '../application/tasks/replace-task.use-case.js';
import { UpdateTask } from '../application/tasks/update-task.use-case.js';
import { CreateUser } from '../application/users/create-user.use-case.js';
import { DescribeCaller } from '../application/users/describe-caller.use-case.js';
import { FindUser, ListUsers } from '../application/users/find-user.use-case.js';
import type { WorkspaceUseCases } from '../application/workspace/use-cases.js';
import { type BackgroundFailureReporter, containerOf, type Get, type Registrations } from './parts.js';
import { RECORD_REGISTRATIONS } from './record-use-cases.js';
import {
  type WebhookSteps,
  type WebhookWiringOptions,
  webhookRegistrations,
  webhookStepsOf,
  webhookUseCasesOf,
} from './webhook-wiring.js';

export type { BackgroundFailureReporter } from './parts.js';

export interface ContainerOptions {
  readonly persistence: Persistence;
  readonly clock?: Clock;
  readonly reportBackgroundFailure?: BackgroundFailureReporter;
  /** How long a sync token stays good, in days (default `DEFAULT_SYNC_RETENTION_DAYS`). */
  readonly syncRetentionDays?: number;
  readonly webhooks?: WebhookWiringOptions;
}

/** Every use case, and the webhook worker's steps (run by whoever delivers: the workspace's worker). */
export interface BuiltWorkspace {
  readonly useCases: WorkspaceUseCases;
  readonly webhookSteps: WebhookSteps;
}

/** Ports to adapters, and the host's settings (each factory typed by `Registrations`; the record is checked whole below). */
const adapters = (options: ContainerOptions) => {
  const { persistence } = options;
  const clock = options.clock ?? new SystemClock();
  const secrets = new CryptoApiKeySecrets();
  const feedTokens = new CryptoFeedTokens();
  return {
    unitOfWork: () => persistence.unitOfWork,
    taskReadModel: () => persistence.taskReadModel,
    recordReadModel: () => persistence.recordReadModel,
    reportReadModel: () => persistence.reportReadModel,
    exportReader: () => persistence.exportReader,
    changeLog: () => persistence.changeLog,
    currentRecords: () => persistence.currentRecords,
    apiKeyStore: () => persistence.apiKeyStore,
    apiKeySecrets: () => secrets,
    feedTokens: () => feedTokens,
    clock: () => clock,
    backgroundFailure: () => options.reportBackgroundFailure ?? (() => undefined),
    syncRetentionDays: () => options.syncRetentionDays ?? DEFAULT_SYNC_RETENTION_DAYS,
  } satisfies Partial<Registrations>;
};

/** Task, user, key and sync use cases, to ports. Use cases are plain classes: only bootstrap and adapters know tsyringe. */
const useCases: Omit<
  Registrations,
  | keyof ReturnType<typeof adapters>
  | keyof typeof RECORD_REGISTRATIONS
  | keyof ReturnType<typeof webhookRegistrations>
> = {
  changeTaskStatus: (get) => new ChangeTaskStatus(get('unitOfWork'), get('clock')),
  createTask: (get) => new CreateTask(get('unitOfWork'), get('clock')),
  getTask: (get) => new GetTask(get('taskReadModel')),
  listTasks: (get) => new ListTasks(get('taskReadModel'), get('changeLog')),
  timesReport: (get) =>
    new ReportOf(
      'times',
      (u, q, limit) => get('reportReadModel').times(u, q, limit),
      TIMES_FIGURES,
      get('changeLog'),
    ),
  moneysReport: (get) =>
    new ReportOf(
      'moneys',
      (u, q, limit) => get('reportReadModel').moneys(u, q, limit),
      MONEYS_FIGURES,
      get('changeLog'),
    ),
  tasksReport: (get) =>
    new ReportOf(
      'tasks',
      (u, q, limit) => get('reportReadModel').tasks(u, q, limit),
      TASKS_FIGURES,
      get('changeLog'),
    ),
  taskHistory: (get) => new GetTaskHistory(get('taskReadModel'), get('changeLog')),
  updateTask: (get) => new UpdateTask(get('unitOfWork'), get('clock')),
  replaceTask: (get) => new ReplaceTask(get('unitOfWork'), get('clock')),
  deleteTask: (get) => new DeleteTask(get('unitOfWork')),
  gamificationProfile: (get) => new GetGamificationProfile(get('unitOfWork'), get('clock')),
  describeCaller: (get) => new DescribeCaller(get('unitOfWork')),
  createUser: (get) => new CreateUser(get('unitOfWork'), get('clock')),
  findUser: (get) => new FindUser(get('unitOfWork')),
  listUsers: (get) => new ListUsers(get('unitOfWork')),
  createApiKey: (get) => new CreateApiKey(get('unitOfWork'), get('apiKeySecrets'), get('clock')),
  listApiKeys: (get) => new ListApiKeys(get('unitOfWork')),
  revokeApiKey: (get) => new RevokeApiKey(get('unitOfWork'), get('clock')),
  rotateApiKey: (get) => new RotateApiKey(get('unitOfWork'), get('apiKeySecrets'), get('clock')),
  authenticateApiKey: (get) =>
    new AuthenticateApiKey(get('apiKeyStore'), get('apiKeySecrets'), get('clock'), get('backgroundFailure')),
  runBatch: (get) => new RunBatch(get('unitOfWork')),
  createCalendarFeed: (get) => new CreateCalendarFeed(get('unitOfWork'), get('feedTokens'), get('clock')),
  listCalendarFeeds: (get) => new ListCalendarFeeds(get('unitOfWork')),
  getCalendarFeed: (get) => new GetCalendarFeed(get('unitOfWork')),
  deleteCalendarFeed: (get) => new DeleteCalendarFeed(get('unitOfWork')),
  regenerateCalendarFeed: (get) => new RegenerateCalendarFeed(get('unitOfWork'), get('feedTokens')),
  readCalendar: (get) =>
    new ReadCalendar(
      get('unitOfWork'),
      get('feedTokens'),
      get('changeLog'),
      get('taskReadModel'),
      get('recordReadModel'),
      get('currentRecords'),
    ),
  exportWorkspace: (get) => new ExportWorkspace(get('unitOfWork'), get('exportReader'), get('clock')),
  importWorkspace: (get) => new ImportWorkspace(get('unitOfWork'), get('clock')),
  syncChanges: (get) =>
    new SyncChanges(get('changeLog'), get('currentRecords'), get('clock'), get('syncRetentionDays')),
};

/** Every registration: a part of `Parts` left out here is a compile error. */
export const registrationsOf = (options: ContainerOptions, wakeWebhookWorker: () => void): Registrations => ({
  ...adapters(options),
  ...useCases,
  ...RECORD_REGISTRATIONS,
  ...webhookRegistrations(options.webhooks ?? {}, wakeWebhookWorker),
});

/**
 * Wires adapters and use cases in a container of their own, and hands back every use case.
 * `wakeWebhookWorker` is told when a delivery is due at once (one retried by hand).
 */
export const buildUseCases = (
  options: ContainerOptions,
  wakeWebhookWorker: () => void = () => undefined,
): BuiltWorkspace => {
  const get = containerOf(registrationsOf(options, wakeWebhookWorker));
  return { useCases: useCasesOf(get), webhookSteps: webhookStepsOf(get) };
};

const useCasesOf = (get: Get): WorkspaceUseCases => ({
  tasks: {
    create: get('createTask'),
    get: get('getTask'),
    list: get('listTasks'),
    update: get('updateTask'),
    replace: get('replaceTask'),
    changeStatus: get('changeTaskStatus'),
    delete: get('deleteTask'),
    history: get('taskHistory'),
  },
  gamification: { profile: get('gamificationProfile') },
  me: { describe: get('describeCaller') },
  changes: { since: get('syncChanges') },
  reports: { times: get('timesReport'), moneys: get('moneysReport'), tasks: get('tasksReport') },
  batch: get('runBatch'),
  webhooks: webhookUseCasesOf(get),
  portability: { export: get('exportWorkspace'), import: get('importWorkspace') },
  calendarFeeds: {
    create: get('createCalendarFeed'),
    list: get('listCalendarFeeds'),
    get: get('getCalendarFeed'),
    delete: get('deleteCalendarFeed'),
    regenerate: get('regenerateCalendarFeed'),
    read: get('readCalendar'),
  },
  clients: get('clients'),
  projects: get('projects'),
  categories: get('categories'),
  cards: get('cards'),
  notes: get('notes'),
  times: get('times'),
  moneys: get('moneys'),
  users: { create: get('createUser'), find: get('findUser'), list: get('listUsers') },
  keys: {
    create: get('createApiKey'),
    list: get('listApiKeys'),
    revoke: get('revokeApiKey'),
    rotate: get('rotateApiKey'),
    authenticate: get('authenticateApiKey'),
  },
});
