import * as E from 'fp-ts/lib/Either.js';
import type { DependencyContainer } from 'tsyringe';
import { webhookPayloads } from '../adapters/http/presenters/webhook-event.presenter.js';
import { CryptoWebhookSecrets } from '../adapters/webhooks/crypto-webhook-secrets.js';
import { HttpWebhookSender } from '../adapters/webhooks/http-webhook-sender.js';
import { DnsWebhookTargets } from '../adapters/webhooks/target-resolution.js';
import { CHANGE_LOG_READER } from '../application/ports/change-log.port.js';
import { CLOCK } from '../application/ports/clock.port.js';
import { CURRENT_RECORDS } from '../application/ports/current-records.port.js';
import { token } from '../application/ports/token.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../application/ports/unit-of-work.port.js';
import {
  WEBHOOK_SECRETS,
  WEBHOOK_SENDER,
  WEBHOOK_TARGETS,
  type WebhookSender,
} from '../application/ports/webhook-delivery.port.js';
import { WEBHOOK_PAYLOADS } from '../application/ports/webhook-payloads.port.js';
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
import { provide, provideValue, resolve } from './wiring.js';

export interface WebhookWiringOptions {
  /** What webhook URLs may reach beyond public https (default: nothing more). */
  readonly policy?: TargetPolicy;
  /** Sends the attempts (default: over HTTP, as the policy allows). */
  readonly sender?: WebhookSender;
  /** Told of each attempt's outcome (metrics). */
  readonly reportAttempt?: (attempt: AttemptReport) => void;
}

/** Wakes the delivery worker (a delivery retried by hand is due at once). */
export const WAKE_WEBHOOK_WORKER = token<() => void>('WakeWebhookWorker');

const STRICT: TargetPolicy = { allowHttp: false, allowPrivate: false };

/** The webhook ports' adapters, use cases and the worker's two steps. */
export const registerWebhooks = (
  c: DependencyContainer,
  options: WebhookWiringOptions,
  wake: () => void,
): void => {
  const policy = options.policy ?? STRICT;
  provideValue(c, WEBHOOK_SECRETS, new CryptoWebhookSecrets());
  provideValue(c, WEBHOOK_TARGETS, new DnsWebhookTargets(policy));
  provideValue(c, WEBHOOK_SENDER, options.sender ?? new HttpWebhookSender(policy));
  provideValue(c, WEBHOOK_PAYLOADS, webhookPayloads);
  provideValue(c, WAKE_WEBHOOK_WORKER, wake);
  provide(
    c,
    CreateWebhook,
    (w) =>
      new CreateWebhook(
        w.resolve(UNIT_OF_WORK),
        w.resolve(CHANGE_LOG_READER),
        w.resolve(WEBHOOK_TARGETS),
        w.resolve(WEBHOOK_SECRETS),
        w.resolve(CLOCK),
        w.resolve(WAKE_WEBHOOK_WORKER),
      ),
  );
  provide(c, ListWebhooks, (w) => new ListWebhooks(w.resolve(UNIT_OF_WORK)));
  provide(c, GetWebhook, (w) => new GetWebhook(w.resolve(UNIT_OF_WORK)));
  provide(
    c,
    UpdateWebhook,
    (w) =>
      new UpdateWebhook(
        w.resolve(UNIT_OF_WORK),
        w.resolve(CHANGE_LOG_READER),
        w.resolve(WEBHOOK_TARGETS),
        w.resolve(CLOCK),
        w.resolve(WAKE_WEBHOOK_WORKER),
      ),
  );
  provide(c, DeleteWebhook, (w) => new DeleteWebhook(w.resolve(UNIT_OF_WORK)));
  provide(
    c,
    RotateWebhookSecret,
    (w) => new RotateWebhookSecret(w.resolve(UNIT_OF_WORK), w.resolve(WEBHOOK_SECRETS), w.resolve(CLOCK)),
  );
  provide(c, ListDeliveries, (w) => new ListDeliveries(w.resolve(UNIT_OF_WORK)));
  provide(
    c,
    RetryDelivery,
    (w) => new RetryDelivery(w.resolve(UNIT_OF_WORK), w.resolve(CLOCK), w.resolve(WAKE_WEBHOOK_WORKER)),
  );
  provide(
    c,
    DispatchWebhookEvents,
    (w) =>
      new DispatchWebhookEvents(
        w.resolve(UNIT_OF_WORK),
        w.resolve(CHANGE_LOG_READER),
        w.resolve(CURRENT_RECORDS),
        w.resolve(WEBHOOK_PAYLOADS),
        w.resolve(CLOCK),
      ),
  );
  provide(
    c,
    DeliverWebhooks,
    (w) =>
      new DeliverWebhooks(
        w.resolve(UNIT_OF_WORK),
        w.resolve(WEBHOOK_SENDER),
        w.resolve(CLOCK),
        options.reportAttempt,
      ),
  );
};

export const resolveWebhookUseCases = (c: DependencyContainer): WorkspaceUseCases['webhooks'] => ({
  create: resolve(c, CreateWebhook),
  list: resolve(c, ListWebhooks),
  get: resolve(c, GetWebhook),
  update: resolve(c, UpdateWebhook),
  delete: resolve(c, DeleteWebhook),
  rotateSecret: resolve(c, RotateWebhookSecret),
  deliveries: resolve(c, ListDeliveries),
  retryDelivery: resolve(c, RetryDelivery),
});

/** How many deliveries wait for an attempt (the metrics' queue depth); a failure rejects. */
export const pendingDeliveries = (unitOfWork: UnitOfWork) => (): Promise<number> =>
  workerStep(unitOfWork.run(async (repositories) => E.right(await repositories.webhooks.countPending())));

/** The worker's two steps: changes into deliveries, deliveries out. */
export const resolveWebhookSteps = (c: DependencyContainer) => ({
  dispatch: resolve(c, DispatchWebhookEvents),
  deliver: resolve(c, DeliverWebhooks),
});
