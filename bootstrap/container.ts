import 'reflect-metadata';
import { type DependencyContainer, container as rootContainer } from 'tsyringe';
import { CryptoApiKeySecrets } from '../adapters/auth/crypto-api-key-secrets.js';
import type { Persistence } from '../adapters/persistence/persistence.js';
import { SystemClock } from '../adapters/system/system-clock.js';
import { AuthenticateApiKey } from '../application/api-keys/authenticate-api-key.use-case.js';
import { CreateApiKey } from '../application/api-keys/create-api-key.use-case.js';
import { ListApiKeys } from '../application/api-keys/list-api-keys.use-case.js';
import { RevokeApiKey } from '../application/api-keys/revoke-api-key.use-case.js';
import { RotateApiKey } from '../application/api-keys/rotate-api-key.use-case.js';
import { GetGamificationProfile } from '../application/gamification/get-gamification-profile.use-case.js';
import { API_KEY_SECRETS } from '../application/ports/api-key-secrets.port.js';
import { API_KEY_STORE } from '../application/ports/api-key-store.port.js';
import { CHANGE_LOG_READER } from '../application/ports/change-log.port.js';
import { CLOCK, type Clock } from '../application/ports/clock.port.js';
import { CURRENT_RECORDS } from '../application/ports/current-records.port.js';
import { RECORD_READ_MODEL } from '../application/ports/record-read-model.port.js';
import { TASK_READ_MODEL } from '../application/ports/task-read-model.port.js';
import { token } from '../application/ports/token.js';
import { UNIT_OF_WORK } from '../application/ports/unit-of-work.port.js';
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
import { FindUser, ListUsers } from '../application/users/find-user.use-case.js';
import type { WorkspaceUseCases } from '../application/workspace/use-cases.js';
import { registerRecordUseCases, resolveRecordUseCases } from './record-use-cases.js';
import {
  registerWebhooks,
  resolveWebhookSteps,
  resolveWebhookUseCases,
  type WebhookWiringOptions,
} from './webhook-wiring.js';
import { provide, provideValue, resolve } from './wiring.js';

/** Reports failures of work nobody waits for (the last_used_at refresh). */
export type BackgroundFailureReporter = (cause: unknown) => void;
export const BACKGROUND_FAILURE = token<BackgroundFailureReporter>('BackgroundFailure');

/** How many days the change log keeps what a sync token points at. */
const SYNC_RETENTION_DAYS = token<number>('SyncRetentionDays');

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
  readonly webhookSteps: ReturnType<typeof resolveWebhookSteps>;
}

/** Ports to adapters. */
const registerAdapters = (c: DependencyContainer, options: ContainerOptions): void => {
  provideValue(c, UNIT_OF_WORK, options.persistence.unitOfWork);
  provideValue(c, TASK_READ_MODEL, options.persistence.taskReadModel);
  provideValue(c, RECORD_READ_MODEL, options.persistence.recordReadModel);
  provideValue(c, CHANGE_LOG_READER, options.persistence.changeLog);
  provideValue(c, CURRENT_RECORDS, options.persistence.currentRecords);
  provideValue(c, SYNC_RETENTION_DAYS, options.syncRetentionDays ?? DEFAULT_SYNC_RETENTION_DAYS);
  provideValue(c, API_KEY_STORE, options.persistence.apiKeyStore);
  provideValue(c, CLOCK, options.clock ?? new SystemClock());
  provideValue(c, API_KEY_SECRETS, new CryptoApiKeySecrets());
  provideValue(c, BACKGROUND_FAILURE, options.reportBackgroundFailure ?? (() => undefined));
};

/** Use cases to ports. Use cases are plain classes, built here: only bootstrap and adapters know tsyringe. */
const registerUseCases = (c: DependencyContainer): void => {
  provide(c, ChangeTaskStatus, (w) => new ChangeTaskStatus(w.resolve(UNIT_OF_WORK), w.resolve(CLOCK)));
  provide(c, CreateTask, (w) => new CreateTask(w.resolve(UNIT_OF_WORK), w.resolve(CLOCK)));
  provide(c, GetTask, (w) => new GetTask(w.resolve(TASK_READ_MODEL)));
  provide(c, ListTasks, (w) => new ListTasks(w.resolve(TASK_READ_MODEL), w.resolve(CHANGE_LOG_READER)));
  provide(
    c,
    GetTaskHistory,
    (w) => new GetTaskHistory(w.resolve(TASK_READ_MODEL), w.resolve(CHANGE_LOG_READER)),
  );
  provide(
    c,
    UpdateTask,
    (w) => new UpdateTask(w.resolve(UNIT_OF_WORK), w.resolve(ChangeTaskStatus), w.resolve(CLOCK)),
  );
  provide(
    c,
    ReplaceTask,
    (w) => new ReplaceTask(w.resolve(UNIT_OF_WORK), w.resolve(ChangeTaskStatus), w.resolve(CLOCK)),
  );
  provide(c, DeleteTask, (w) => new DeleteTask(w.resolve(UNIT_OF_WORK)));
  provide(
    c,
    GetGamificationProfile,
    (w) => new GetGamificationProfile(w.resolve(UNIT_OF_WORK), w.resolve(CLOCK)),
  );
  provide(c, CreateUser, (w) => new CreateUser(w.resolve(UNIT_OF_WORK), w.resolve(CLOCK)));
  provide(c, FindUser, (w) => new FindUser(w.resolve(UNIT_OF_WORK)));
  provide(c, ListUsers, (w) => new ListUsers(w.resolve(UNIT_OF_WORK)));
  provide(
    c,
    CreateApiKey,
    (w) => new CreateApiKey(w.resolve(UNIT_OF_WORK), w.resolve(API_KEY_SECRETS), w.resolve(CLOCK)),
  );
  provide(c, ListApiKeys, (w) => new ListApiKeys(w.resolve(UNIT_OF_WORK)));
  provide(c, RevokeApiKey, (w) => new RevokeApiKey(w.resolve(UNIT_OF_WORK), w.resolve(CLOCK)));
  provide(
    c,
    RotateApiKey,
    (w) => new RotateApiKey(w.resolve(UNIT_OF_WORK), w.resolve(API_KEY_SECRETS), w.resolve(CLOCK)),
  );
  provide(
    c,
    AuthenticateApiKey,
    (w) =>
      new AuthenticateApiKey(
        w.resolve(API_KEY_STORE),
        w.resolve(API_KEY_SECRETS),
        w.resolve(CLOCK),
        w.resolve(BACKGROUND_FAILURE),
      ),
  );
  provide(
    c,
    SyncChanges,
    (w) =>
      new SyncChanges(
        w.resolve(CHANGE_LOG_READER),
        w.resolve(CURRENT_RECORDS),
        w.resolve(CLOCK),
        w.resolve(SYNC_RETENTION_DAYS),
      ),
  );
  registerRecordUseCases(c);
};

/**
 * Wires adapters and use cases in a container of their own, and hands back every use case.
 * `wakeWebhookWorker` is told when a delivery is due at once (one retried by hand).
 */
export const buildUseCases = (
  options: ContainerOptions,
  wakeWebhookWorker: () => void = () => undefined,
): BuiltWorkspace => {
  const c = rootContainer.createChildContainer();
  registerAdapters(c, options);
  registerUseCases(c);
  registerWebhooks(c, options.webhooks ?? {}, wakeWebhookWorker);
  return { useCases: resolveUseCases(c), webhookSteps: resolveWebhookSteps(c) };
};

const resolveUseCases = (c: DependencyContainer): WorkspaceUseCases => {
  return {
    tasks: {
      create: resolve(c, CreateTask),
      get: resolve(c, GetTask),
      list: resolve(c, ListTasks),
      update: resolve(c, UpdateTask),
      replace: resolve(c, ReplaceTask),
      changeStatus: resolve(c, ChangeTaskStatus),
      delete: resolve(c, DeleteTask),
      history: resolve(c, GetTaskHistory),
    },
    gamification: { profile: resolve(c, GetGamificationProfile) },
    changes: { since: resolve(c, SyncChanges) },
    webhooks: resolveWebhookUseCases(c),
    ...resolveRecordUseCases(c),
    users: { create: resolve(c, CreateUser), find: resolve(c, FindUser), list: resolve(c, ListUsers) },
    keys: {
      create: resolve(c, CreateApiKey),
      list: resolve(c, ListApiKeys),
      revoke: resolve(c, RevokeApiKey),
      rotate: resolve(c, RotateApiKey),
      authenticate: resolve(c, AuthenticateApiKey),
    },
  };
};
