import type { DeliveryView } from '../../../application/webhooks/webhook-deliveries.use-case.js';
import type { WebhookView } from '../../../application/webhooks/webhook-view.js';
import { flag, serverInstant, serverInstantOrNull } from './wire-values.js';

export const presentWebhook = (webhook: WebhookView) => ({
  id: webhook.id,
  url: webhook.url,
  events: [...webhook.events],
  description: webhook.description,
  active: flag(webhook.active),
  disabled_reason: webhook.disabledReason,
  created_at: serverInstant(webhook.createdAt),
  updated_at: serverInstant(webhook.updatedAt),
});

export const presentDelivery = (delivery: DeliveryView) => ({
  id: delivery.id,
  event_id: delivery.eventId,
  type: delivery.type,
  state: delivery.state,
  attempts: delivery.attempts,
  last_status: delivery.lastStatus,
  last_error: delivery.lastError,
  next_attempt_at: serverInstantOrNull(delivery.nextAttemptAt),
  delivered_at: serverInstantOrNull(delivery.deliveredAt),
  created_at: serverInstant(delivery.createdAt),
  attempt_log: delivery.attemptLog.map((attempt) => ({
    at: serverInstant(attempt.at),
    duration_ms: attempt.durationMs,
    status: attempt.status,
    error: attempt.error,
  })),
});
