import { defineEntity, p } from '@mikro-orm/core';
import { counter, epochMillis } from './column-types.js';

/** A webhook subscription (domain `Webhook`); `events` is a JSON array, `resources` a comma list. */
export interface WebhookRecord {
  id: number;
  userId: number;
  url: string;
  events: string;
  description: string | null;
  active: boolean;
  resources: string;
  /** Kept as given: it signs every delivery, so it cannot be hashed (README, "Webhooks"). */
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: number | null;
  cursorSeq: number;
  failingSince: number | null;
  disabledReason: string | null;
  createdAt: number;
  updatedAt: number;
}

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
export interface WebhookDeliveryRecord {
  id: number;
  webhookId: number;
  eventId: string;
  type: string;
  body: string;
  attempts: number;
  state: string;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: number | null;
  deliveredAt: number | null;
  createdAt: number;
}

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
