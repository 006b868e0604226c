import * as E from 'fp-ts/lib/Either.js';
import { webhookPayloads } from '../adapters/http/presenters/webhook-event.presenter.js';
import { CryptoWebhookSecrets } from '../adapters/webhooks/crypto-webhook-secrets.js';
import { HttpWebhookSender } from '../adapters/webhooks/http-webhook-sender.js';
import { DnsWebhookTargets } from '../adapters/webhooks/target-resolution.js';
import type { UnitOfWork } from '../application/ports/unit-of-work.port.js';
import type { WebhookSender } from '../application/ports/webhook-delivery.port.js';
import { CreateWebhook } from '../application/webhooks/create-webhook.use-case.js';
import { DeleteWebhook } from '../application/webhooks/delete-webhook.use-case.js';
import { type AttemptReport, DeliverWebhooks } from '../application/webhooks/deliver-webhooks.js';
import { DispatchWebhookEvents } from '../application/webhooks/dispatch-webhook-events.js';
import { GetWebhook, ListWebhooks } from '../application/webhooks/read-webhooks.use-case.js';
import { RotateWebhookSecret } from '../application/webhooks/rotate-webhook-secret.use-case.js';
import { UpdateWebhook } from '../application/webhooks/update-webhook.use-case.js';
import { ListDeliveries, RetryDelivery } from '../application/webhooks/webhook-deliveries.use-case.js';
import { workerStep } from '../application/webhooks/worker-step.js';
import type { WorkspaceUseCases } from '../application/workspace/use-cases.js';
import type { TargetPolicy } from '../domain/webhook/webhook-target.js';
import type { Get, Registrations } from './parts.js';

export interface WebhookWiringOptions {
  /** What webhook URLs may reach beyond public https (default: nothing more). */
  readonly policy?: TargetPolicy;
  /** Sends the attempts (default: over HTTP, as the policy allows). */
  readonly sender?: WebhookSender;
  /** Told of each attempt's outcome (metrics). */
  readonly reportAttempt?: (attempt: AttemptReport) => void;
  /** How many subscriptions one user may hold (default `DEFAULT_MAX_WEBHOOKS_PER_USER`). */
  readonly maxPerUser?: number;
}

const STRICT: TargetPolicy = { allowHttp: false, allowPrivate: false };

/** The webhook ports' adapters, use cases and the worker's two steps. */
export const webhookRegistrations = (options: WebhookWiringOptions, wake: () => void) => {
  const policy = options.policy ?? STRICT;
  return {
    webhookSecrets: () => new CryptoWebhookSecrets(),
    webhookTargets: () => new DnsWebhookTargets(policy),
    webhookSender: () => options.sender ?? new HttpWebhookSender(policy),
    webhookPayloads: () => webhookPayloads,
    wakeWebhookWorker: () => wake,
    createWebhook: (get) =>
      new CreateWebhook(
        get('unitOfWork'),
        get('changeLog'),
        get('webhookTargets'),
        get('webhookSecrets'),
        get('clock'),
        get('wakeWebhookWorker'),
        options.maxPerUser,
      ),
    listWebhooks: (get) => new ListWebhooks(get('unitOfWork')),
    getWebhook: (get) => new GetWebhook(get('unitOfWork')),
    updateWebhook: (get) =>
      new UpdateWebhook(
        get('unitOfWork'),
        get('changeLog'),
        get('webhookTargets'),
        get('clock'),
        get('wakeWebhookWorker'),
      ),
    deleteWebhook: (get) => new DeleteWebhook(get('unitOfWork')),
    rotateWebhookSecret: (get) =>
      new RotateWebhookSecret(get('unitOfWork'), get('webhookSecrets'), get('clock')),
    listDeliveries: (get) => new ListDeliveries(get('unitOfWork')),
    retryDelivery: (get) => new RetryDelivery(get('unitOfWork'), get('clock'), get('wakeWebhookWorker')),
    dispatchWebhookEvents: (get) =>
      new DispatchWebhookEvents(
        get('unitOfWork'),
        get('changeLog'),
        get('currentRecords'),
        get('webhookPayloads'),
        get('clock'),
      ),
    deliverWebhooks: (get) =>
      new DeliverWebhooks(get('unitOfWork'), get('webhookSender'), get('clock'), options.reportAttempt),
  } satisfies Partial<Registrations>;
};

export const webhookUseCasesOf = (get: Get): WorkspaceUseCases['webhooks'] => ({
  create: get('createWebhook'),
  list: get('listWebhooks'),
  get: get('getWebhook'),
  update: get('updateWebhook'),
  delete: get('deleteWebhook'),
  rotateSecret: get('rotateWebhookSecret'),
  deliveries: get('listDeliveries'),
  retryDelivery: get('retryDelivery'),
});

/** How many deliveries wait for an attempt (the metrics' queue depth); a failure rejects. */
export const pendingDeliveries = (unitOfWork: UnitOfWork) => (): Promise<number> =>
  workerStep(unitOfWork.run(async (repositories) => E.right(await repositories.webhooks.countPending())));

/** The worker's two steps: changes into deliveries, deliveries out. */
export interface WebhookSteps {
  readonly dispatch: DispatchWebhookEvents;
  readonly deliver: DeliverWebhooks;
}

export const webhookStepsOf = (get: Get): WebhookSteps => ({
  dispatch: get('dispatchWebhookEvents'),
  deliver: get('deliverWebhooks'),
});
