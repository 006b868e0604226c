import { counter, epochMillis } from './column-types.js';
import { defineTable } from './table-definition.js';

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

export const WebhookSchema = defineTable<WebhookRecord>({
  name: 'WebhookRecord',
  tableName: 'webhooks',
  indexes: [{ name: 'webhooks_user_id_index', properties: ['userId'] }],
  properties: {
    id: { type: 'integer', primary: true },
    userId: { type: 'integer', fieldName: 'user_id' },
    url: { type: 'text' },
    events: { type: 'text' },
    description: { type: 'text', nullable: true },
    active: { type: 'boolean' },
    resources: { type: 'text' },
    secret: { type: 'text' },
    previousSecret: { type: 'text', fieldName: 'previous_secret', nullable: true },
    previousSecretUntil: { type: epochMillis(), fieldName: 'previous_secret_until', nullable: true },
    cursorSeq: { type: counter(), fieldName: 'cursor_seq' },
    failingSince: { type: epochMillis(), fieldName: 'failing_since', nullable: true },
    disabledReason: { type: 'string', length: 16, fieldName: 'disabled_reason', nullable: true },
    createdAt: { type: epochMillis(), fieldName: 'created_at' },
    updatedAt: { type: epochMillis(), fieldName: 'updated_at' },
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

export const WebhookDeliverySchema = defineTable<WebhookDeliveryRecord>({
  name: 'WebhookDeliveryRecord',
  tableName: 'webhook_deliveries',
  indexes: [
    { name: 'webhook_deliveries_due_index', properties: ['nextAttemptAt'], where: "state = 'pending'" },
  ],
  uniques: [{ name: 'webhook_deliveries_event_unique', properties: ['webhookId', 'eventId'] }],
  properties: {
    id: { type: 'integer', primary: true },
    webhookId: { type: 'integer', fieldName: 'webhook_id' },
    eventId: { type: 'string', length: 200, fieldName: 'event_id' },
    type: { type: 'string', length: 40 },
    body: { type: 'text' },
    attempts: { type: 'integer' },
    state: { type: 'string', length: 16 },
    lastStatus: { type: 'integer', fieldName: 'last_status', nullable: true },
    lastError: { type: 'text', fieldName: 'last_error', nullable: true },
    nextAttemptAt: { type: epochMillis(), fieldName: 'next_attempt_at', nullable: true },
    deliveredAt: { type: epochMillis(), fieldName: 'delivered_at', nullable: true },
    createdAt: { type: epochMillis(), fieldName: 'created_at' },
  },
});
