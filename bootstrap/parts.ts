import { type DependencyContainer, instanceCachingFactory, container as rootContainer } from 'tsyringe';
import type { Persistence } from '../adapters/persistence/persistence.js';
import type { ApiKeySecrets } from '../application/ports/api-key-secrets.port.js';
import type { FeedTokens } from '../application/ports/calendar-feed.repository.js';
import type { Clock } from '../application/ports/clock.port.js';
import type {
  WebhookSecrets,
  WebhookSender,
  WebhookTargets,
} from '../application/ports/webhook-delivery.port.js';
import type { WebhookPayloads } from '../application/ports/webhook-payloads.port.js';
import type { DeliverWebhooks } from '../application/webhooks/deliver-webhooks.js';
import type { DispatchWebhookEvents } from '../application/webhooks/dispatch-webhook-events.js';
import type { WorkspaceUseCases } from '../application/workspace/use-cases.js';

/** Reports failures of work nobody waits for (the last_used_at refresh). */
export type BackgroundFailureReporter = (cause: unknown) => void;

type Tasks = WorkspaceUseCases['tasks'];
type Keys = WorkspaceUseCases['keys'];
type Users = WorkspaceUseCases['users'];
type Webhooks = WorkspaceUseCases['webhooks'];
type CalendarFeeds = WorkspaceUseCases['calendarFeeds'];

/**
 * Every part the composition root holds or builds, by the name the container knows it by: the
 * ports' adapters, settings, and every use case. One record: a part the wiring asks for must be
 * here, and every part here must be registered (`Registrations`), or the build does not compile.
 */
export interface Parts
  extends Pick<
    Persistence,
    | 'unitOfWork'
    | 'taskReadModel'
    | 'recordReadModel'
    | 'reportReadModel'
    | 'exportReader'
    | 'changeLog'
    | 'currentRecords'
    | 'apiKeyStore'
  > {
  // Ports, to the adapters that serve them: the storage's (above), and the others.
  readonly apiKeySecrets: ApiKeySecrets;
  readonly feedTokens: FeedTokens;
  readonly clock: Clock;
  readonly webhookSecrets: WebhookSecrets;
  readonly webhookTargets: WebhookTargets;
  readonly webhookSender: WebhookSender;
  readonly webhookPayloads: WebhookPayloads;
  // Settings and callbacks of the host.
  readonly backgroundFailure: BackgroundFailureReporter;
  readonly syncRetentionDays: number;
  /** Wakes the delivery worker (a delivery retried by hand is due at once). */
  readonly wakeWebhookWorker: () => void;
  // Use cases.
  readonly createTask: Tasks['create'];
  readonly getTask: Tasks['get'];
  readonly listTasks: Tasks['list'];
  readonly updateTask: Tasks['update'];
  readonly replaceTask: Tasks['replace'];
  readonly changeTaskStatus: Tasks['changeStatus'];
  readonly deleteTask: Tasks['delete'];
  readonly taskHistory: Tasks['history'];
  readonly gamificationProfile: WorkspaceUseCases['gamification']['profile'];
  readonly describeCaller: WorkspaceUseCases['me']['describe'];
  readonly syncChanges: WorkspaceUseCases['changes']['since'];
  readonly timesReport: WorkspaceUseCases['reports']['times'];
  readonly moneysReport: WorkspaceUseCases['reports']['moneys'];
  readonly tasksReport: WorkspaceUseCases['reports']['tasks'];
  readonly runBatch: WorkspaceUseCases['batch'];
  readonly clients: WorkspaceUseCases['clients'];
  readonly projects: WorkspaceUseCases['projects'];
  readonly categories: WorkspaceUseCases['categories'];
  readonly cards: WorkspaceUseCases['cards'];
  readonly notes: WorkspaceUseCases['notes'];
  readonly times: WorkspaceUseCases['times'];
  readonly moneys: WorkspaceUseCases['moneys'];
  readonly createUser: Users['create'];
  readonly findUser: Users['find'];
  readonly listUsers: Users['list'];
  readonly createApiKey: Keys['create'];
  readonly listApiKeys: Keys['list'];
  readonly revokeApiKey: Keys['revoke'];
  readonly rotateApiKey: Keys['rotate'];
  readonly authenticateApiKey: Keys['authenticate'];
  readonly createWebhook: Webhooks['create'];
  readonly listWebhooks: Webhooks['list'];
  readonly getWebhook: Webhooks['get'];
  readonly updateWebhook: Webhooks['update'];
  readonly deleteWebhook: Webhooks['delete'];
  readonly rotateWebhookSecret: Webhooks['rotateSecret'];
  readonly listDeliveries: Webhooks['deliveries'];
  readonly retryDelivery: Webhooks['retryDelivery'];
  readonly createCalendarFeed: CalendarFeeds['create'];
  readonly listCalendarFeeds: CalendarFeeds['list'];
  readonly getCalendarFeed: CalendarFeeds['get'];
  readonly deleteCalendarFeed: CalendarFeeds['delete'];
  readonly regenerateCalendarFeed: CalendarFeeds['regenerate'];
  readonly readCalendar: CalendarFeeds['read'];
  readonly exportWorkspace: WorkspaceUseCases['portability']['export'];
  readonly importWorkspace: WorkspaceUseCases['portability']['import'];
  // The webhook worker's two steps.
  readonly dispatchWebhookEvents: DispatchWebhookEvents;
  readonly deliverWebhooks: DeliverWebhooks;
}

/** Hands out a part by name, typed: asking for one that is not in `Parts` does not compile. */
export type Get = <K extends keyof Parts>(name: K) => Parts[K];

/** How each part is made, from the parts it needs. A part left out, or of the wrong type, does not compile. */
export type Registrations = { readonly [K in keyof Parts]: (get: Get) => Parts[K] };

/**
 * A tsyringe container holding every part: each made once, on first use, by its registration.
 * Answers its `get`.
 */
export const containerOf = (registrations: Registrations): Get => {
  const c: DependencyContainer = rootContainer.createChildContainer();
  const get: Get = (name) => c.resolve(name);
  for (const [name, make] of Object.entries(registrations))
    c.register(name, { useFactory: instanceCachingFactory(() => make(get)) });
  return get;
};
