import 'reflect-metadata';
import {
  type DependencyContainer,
  type InjectionToken,
  instanceCachingFactory,
  container as rootContainer,
} from 'tsyringe';
import { CryptoApiKeySecrets } from '../adapters/auth/crypto-api-key-secrets.js';
import type { Persistence } from '../adapters/persistence/persistence.js';
import { SystemClock } from '../adapters/system/system-clock.js';
import { AuthenticateApiKey } from '../application/api-keys/authenticate-api-key.use-case.js';
import { CreateApiKey } from '../application/api-keys/create-api-key.use-case.js';
import { ListApiKeys } from '../application/api-keys/list-api-keys.use-case.js';
import { RevokeApiKey } from '../application/api-keys/revoke-api-key.use-case.js';
import { GetGamificationProfile } from '../application/gamification/get-gamification-profile.use-case.js';
import { API_KEY_SECRETS, type ApiKeySecrets } from '../application/ports/api-key-secrets.port.js';
import { API_KEY_STORE, type ApiKeyStore } from '../application/ports/api-key-store.port.js';
import { CLOCK, type Clock } from '../application/ports/clock.port.js';
import { RECORD_READ_MODEL, type RecordReadModel } from '../application/ports/record-read-model.port.js';
import { TASK_READ_MODEL, type TaskReadModel } from '../application/ports/task-read-model.port.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../application/ports/unit-of-work.port.js';
import { ChangeTaskStatus } from '../application/tasks/change-task-status.use-case.js';
import { CreateTask } from '../application/tasks/create-task.use-case.js';
import { DeleteTask } from '../application/tasks/delete-task.use-case.js';
import { GetTask } from '../application/tasks/get-task.use-case.js';
import { GetTaskHistory } from '../application/tasks/get-task-history.use-case.js';
import { ListTasks } from '../application/tasks/list-tasks.use-case.js';
import { ReplaceTask } from '../application/tasks/replace-task.use-case.js';
import { UpdateTask } from '../application/tasks/update-task.use-case.js';
import { CreateUser } from '../application/users/create-user.use-case.js';
import { registerRecordUseCases } from './record-use-cases.js';

/** Reports failures of work nobody waits for (the last_used_at refresh). */
export const BACKGROUND_FAILURE = Symbol('BackgroundFailure');
export type BackgroundFailureReporter = (cause: unknown) => void;

export interface ContainerOptions {
  readonly persistence: Persistence;
  readonly clock?: Clock;
  readonly reportBackgroundFailure?: BackgroundFailureReporter;
}

/**
 * Wires ports to adapters and use cases to ports. Use cases are plain classes: they are built by
 * factories here, so only bootstrap and adapters know tsyringe.
 */
export const buildContainer = (options: ContainerOptions): DependencyContainer => {
  const c = rootContainer.createChildContainer();
  c.register<UnitOfWork>(UNIT_OF_WORK, { useValue: options.persistence.unitOfWork });
  c.register<TaskReadModel>(TASK_READ_MODEL, { useValue: options.persistence.taskReadModel });
  c.register<RecordReadModel>(RECORD_READ_MODEL, { useValue: options.persistence.recordReadModel });
  c.register<ApiKeyStore>(API_KEY_STORE, { useValue: options.persistence.apiKeyStore });
  c.register<Clock>(CLOCK, { useValue: options.clock ?? new SystemClock() });
  c.register<ApiKeySecrets>(API_KEY_SECRETS, { useValue: new CryptoApiKeySecrets() });
  c.register<BackgroundFailureReporter>(BACKGROUND_FAILURE, {
    useValue: options.reportBackgroundFailure ?? (() => undefined),
  });

  const singleton = <T>(token: InjectionToken<T>, build: (r: DependencyContainer) => T) =>
    c.register(token, { useFactory: instanceCachingFactory(build) });

  singleton(ChangeTaskStatus, (r) => new ChangeTaskStatus(r.resolve(UNIT_OF_WORK), r.resolve(CLOCK)));
  singleton(CreateTask, (r) => new CreateTask(r.resolve(UNIT_OF_WORK), r.resolve(CLOCK)));
  singleton(GetTask, (r) => new GetTask(r.resolve(TASK_READ_MODEL)));
  singleton(ListTasks, (r) => new ListTasks(r.resolve(TASK_READ_MODEL)));
  singleton(GetTaskHistory, (r) => new GetTaskHistory(r.resolve(TASK_READ_MODEL)));
  singleton(
    UpdateTask,
    (r) => new UpdateTask(r.resolve(UNIT_OF_WORK), r.resolve(ChangeTaskStatus), r.resolve(CLOCK)),
  );
  singleton(
    ReplaceTask,
    (r) => new ReplaceTask(r.resolve(UNIT_OF_WORK), r.resolve(ChangeTaskStatus), r.resolve(CLOCK)),
  );
  singleton(DeleteTask, (r) => new DeleteTask(r.resolve(UNIT_OF_WORK)));
  singleton(
    GetGamificationProfile,
    (r) => new GetGamificationProfile(r.resolve(UNIT_OF_WORK), r.resolve(CLOCK)),
  );
  singleton(CreateUser, (r) => new CreateUser(r.resolve(UNIT_OF_WORK), r.resolve(CLOCK)));
  singleton(
    CreateApiKey,
    (r) => new CreateApiKey(r.resolve(UNIT_OF_WORK), r.resolve(API_KEY_SECRETS), r.resolve(CLOCK)),
  );
  singleton(ListApiKeys, (r) => new ListApiKeys(r.resolve(UNIT_OF_WORK)));
  singleton(RevokeApiKey, (r) => new RevokeApiKey(r.resolve(UNIT_OF_WORK), r.resolve(CLOCK)));
  singleton(
    AuthenticateApiKey,
    (r) =>
      new AuthenticateApiKey(
        r.resolve(API_KEY_STORE),
        r.resolve(API_KEY_SECRETS),
        r.resolve(CLOCK),
        r.resolve(BACKGROUND_FAILURE),
      ),
  );
  registerRecordUseCases(singleton);
  return c;
};
