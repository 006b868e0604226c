import { defineEntity, p } from '@mikro-orm/core';
import type { InferKyselyTable } from '@mikro-orm/sql';
import type { Selectable } from 'kysely';
import type { NewWebhook } from '../../../../application/ports/webhook.repository.js';
import { RECORD_RESOURCES } from '../../../../domain/api-key/scope.js';
import type {
  Delivery,
  DeliveryAttempt,
  DeliveryState,
  DisabledReason,
  Webhook,
} from '../../../../domain/webhook/webhook.js';
import { domainValue, flag, instant, instantOrNull } from '../typed-values.js';
import { counter, epochMillis } from './column-types.js';

/** A webhook subscription (domain `Webhook`); `events` is a JSON array, `resources` a comma list. */
export const WebhookSchema = defineEntity({
  name: 'WebhookRecord',
  tableName: 'webhooks',
  indexes: [{ name: 'webhooks_user_id_index', properties: ['userId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: p.integer().fieldName('user_id'),
    url: p.text(),
    events: p.text(),
    description: p.text().nullable(),
    active: p.boolean(),
    resources: p.text(),
    // Kept as given: it signs every delivery, so it cannot be hashed (README, "Webhooks").
    secret: p.text(),
    previousSecret: p.text().fieldName('previous_secret').nullable(),
    previousSecretUntil: epochMillis().fieldName('previous_secret_until').nullable(),
    cursorSeq: counter().fieldName('cursor_seq'),
    failingSince: epochMillis().fieldName('failing_since').nullable(),
    disabledReason: p.string().length(16).fieldName('disabled_reason').nullable(),
    createdAt: epochMillis().fieldName('created_at'),
    updatedAt: epochMillis().fieldName('updated_at'),
  },
});

/** One event on its way to one subscription (domain `Delivery`). */
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDeliveryRecord',
  tableName: 'webhook_deliveries',
  indexes: [
    { name: 'webhook_deliveries_due_index', properties: ['nextAttemptAt'], where: "state = 'pending'" },
  ],
  uniques: [{ name: 'webhook_deliveries_event_unique', properties: ['webhookId', 'eventId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    webhookId: p.integer().fieldName('webhook_id'),
    eventId: p.string().length(200).fieldName('event_id'),
    type: p.string().length(40),
    body: p.text(),
    attempts: p.integer(),
    state: p.string().length(16),
    lastStatus: p.integer().fieldName('last_status').nullable(),
    lastError: p.text().fieldName('last_error').nullable(),
    nextAttemptAt: epochMillis().fieldName('next_attempt_at').nullable(),
    deliveredAt: epochMillis().fieldName('delivered_at').nullable(),
    createdAt: epochMillis().fieldName('created_at'),
  },
});

/** Every attempt at a delivery (domain `DeliveryAttempt`), oldest first by id. */
export const WebhookAttemptSchema = defineEntity({
  name: 'WebhookAttemptRecord',
  tableName: 'webhook_attempts',
  indexes: [{ name: 'webhook_attempts_delivery_index', properties: ['deliveryId', 'id'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    deliveryId: p.integer().fieldName('delivery_id'),
    attemptedAt: epochMillis().fieldName('attempted_at'),
    durationMs: p.integer().fieldName('duration_ms'),
    status: p.integer().nullable(),
    error: p.text().nullable(),
  },
});

const DELIVERY_STATES: readonly DeliveryState[] = ['pending', 'delivered', 'failed'];
const DISABLED_REASONS: readonly DisabledReason[] = ['gone', 'failing'];

const millis = (date: Date | null): number | null => date?.getTime() ?? null;

const eventsOf = (text: string): string[] | null => {
  const events: unknown = JSON.parse(text);
  return Array.isArray(events) && events.every((event) => typeof event === 'string') ? events : null;
};

const resourcesOf = (text: string) =>
  text === '' ? [] : text.split(',').flatMap((name) => RECORD_RESOURCES.filter((r) => r === name));

export const webhookOf = (row: Selectable<InferKyselyTable<typeof WebhookSchema>>): Webhook => ({
  id: row.id,
  userId: row.user_id,
  url: row.url,
  events: domainValue('webhooks', 'events', row.events, eventsOf),
  description: row.description,
  active: flag(row.active),
  resources: resourcesOf(row.resources),
  secret: row.secret,
  previousSecret: row.previous_secret,
  previousSecretUntil: instantOrNull(row.previous_secret_until),
  cursor: row.cursor_seq,
  failingSince: instantOrNull(row.failing_since),
  disabledReason:
    row.disabled_reason === null
      ? null
      : domainValue(
          'webhooks',
          'disabled_reason',
          row.disabled_reason,
          (text) => DISABLED_REASONS.find((reason) => reason === text) ?? null,
        ),
  createdAt: instant(row.created_at),
  updatedAt: instant(row.updated_at),
});

export const deliveryOf = (row: Selectable<InferKyselyTable<typeof WebhookDeliverySchema>>): Delivery => ({
  id: row.id,
  webhookId: row.webhook_id,
  eventId: row.event_id,
  type: row.type,
  body: row.body,
  attempts: row.attempts,
  state: domainValue(
    'webhook_deliveries',
    'state',
    row.state,
    (text) => DELIVERY_STATES.find((state) => state === text) ?? null,
  ),
  lastStatus: row.last_status,
  lastError: row.last_error,
  nextAttemptAt: instantOrNull(row.next_attempt_at),
  deliveredAt: instantOrNull(row.delivered_at),
  createdAt: instant(row.created_at),
});

export const webhookRow = (webhook: NewWebhook) => ({
  user_id: webhook.userId,
  url: webhook.url,
  events: JSON.stringify(webhook.events),
  description: webhook.description,
  active: webhook.active,
  resources: webhook.resources.join(','),
  secret: webhook.secret,
  previous_secret: webhook.previousSecret,
  previous_secret_until: millis(webhook.previousSecretUntil),
  cursor_seq: webhook.cursor,
  failing_since: millis(webhook.failingSince),
  disabled_reason: webhook.disabledReason,
  created_at: webhook.createdAt.getTime(),
  updated_at: webhook.updatedAt.getTime(),
});

/** What an attempt changes in a delivery. */
export const attemptRow = (
  delivery: Pick<
    Delivery,
    'attempts' | 'state' | 'lastStatus' | 'lastError' | 'nextAttemptAt' | 'deliveredAt'
  >,
) => ({
  attempts: delivery.attempts,
  state: delivery.state,
  last_status: delivery.lastStatus,
  last_error: delivery.lastError,
  next_attempt_at: millis(delivery.nextAttemptAt),
  delivered_at: millis(delivery.deliveredAt),
});

/** A logged attempt from its row, and its row from it. */
export const loggedAttemptOf = (
  row: Selectable<InferKyselyTable<typeof WebhookAttemptSchema>>,
): DeliveryAttempt => ({
  deliveryId: row.delivery_id,
  at: instant(row.attempted_at),
  durationMs: row.duration_ms,
  status: row.status,
  error: row.error,
});

export const loggedAttemptRow = (attempt: DeliveryAttempt) => ({
  delivery_id: attempt.deliveryId,
  attempted_at: attempt.at.getTime(),
  duration_ms: attempt.durationMs,
  status: attempt.status,
  error: attempt.error,
});
