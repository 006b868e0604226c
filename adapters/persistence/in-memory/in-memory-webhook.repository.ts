import type { WebhookRepository } from '../../../application/ports/webhook.repository.js';
import type { UserId } from '../../../domain/task/task.js';
import type { Delivery } from '../../../domain/webhook/webhook.js';
import { type InMemoryState, nextId } from './in-memory-state.js';
import { type KeyOrder, pageOf } from './paging.js';

/** Deliveries newest first: by id, descending. */
const NEWEST_FIRST: KeyOrder<Delivery> = { keyOf: (delivery) => [delivery.id], directions: ['desc'] };

const isWaiting = (state: InMemoryState, delivery: Delivery): boolean =>
  delivery.state === 'pending' &&
  delivery.nextAttemptAt !== null &&
  state.webhooks.get(delivery.webhookId)?.active === true;

/** Subscriptions and deliveries in a transaction's draft; `latestSeq` reads the committed log. */
export const inMemoryWebhooks = (
  state: InMemoryState,
  latestSeq: (userId: UserId) => number,
): WebhookRepository => ({
  add: async (webhook) => {
    const stored = { ...webhook, id: nextId(state, 'webhooks') };
    state.webhooks.set(stored.id, stored);
    return stored;
  },
  findForUpdate: async (id) => state.webhooks.get(id) ?? null,
  find: async (id) => state.webhooks.get(id) ?? null,
  listOf: async (userId) => [...state.webhooks.values()].filter((webhook) => webhook.userId === userId),
  update: async (webhook) => {
    state.webhooks.set(webhook.id, webhook);
    return webhook;
  },
  delete: async (id) => {
    if (!state.webhooks.delete(id)) return false;
    for (const [key, delivery] of state.deliveries)
      if (delivery.webhookId === id) {
        state.deliveries.delete(key);
        state.attempts.delete(key);
      }
    return true;
  },
  countActive: async () => [...state.webhooks.values()].filter((webhook) => webhook.active).length,
  behind: async (limit) =>
    [...state.webhooks.values()]
      .filter((webhook) => webhook.active && webhook.cursor < latestSeq(webhook.userId))
      .slice(0, limit),
  advanceCursors: async (moves, to) => {
    for (const { id, cursor } of moves) {
      const webhook = state.webhooks.get(id);
      if (webhook !== undefined && webhook.cursor === cursor && webhook.active)
        state.webhooks.set(id, { ...webhook, cursor: Math.max(cursor, to) });
    }
  },
  addDeliveries: async (deliveries) => {
    const made = new Set([...state.deliveries.values()].map((d) => `${d.webhookId}:${d.eventId}`));
    for (const delivery of deliveries) {
      const key = `${delivery.webhookId}:${delivery.eventId}`;
      if (made.has(key)) continue;
      made.add(key);
      const id = nextId(state, 'webhook_deliveries');
      state.deliveries.set(id, { ...delivery, id });
    }
  },
  deliveriesOf: async (webhookId, page) =>
    pageOf(
      [...state.deliveries.values()].filter((delivery) => delivery.webhookId === webhookId),
      page,
      NEWEST_FIRST,
    ),
  addAttempts: async (attempts) => {
    for (const attempt of attempts)
      state.attempts.set(attempt.deliveryId, [...(state.attempts.get(attempt.deliveryId) ?? []), attempt]);
  },
  attemptsOf: async (ids) => ids.flatMap((id) => state.attempts.get(id) ?? []),
  findDelivery: async (id) => state.deliveries.get(id) ?? null,
  updateDelivery: async (delivery) => {
    state.deliveries.set(delivery.id, delivery);
    return delivery;
  },
  findDeliveries: async (ids) => ids.flatMap((id) => state.deliveries.get(id) ?? []),
  findMany: async (ids) => ids.flatMap((id) => state.webhooks.get(id) ?? []),
  updateDeliveries: async (deliveries) => {
    for (const delivery of deliveries) state.deliveries.set(delivery.id, delivery);
  },
  reschedulePending: async (webhookId, at) => {
    let rescheduled = 0;
    for (const delivery of state.deliveries.values())
      if (delivery.webhookId === webhookId && delivery.state === 'pending') {
        state.deliveries.set(delivery.id, { ...delivery, nextAttemptAt: at });
        rescheduled++;
      }
    return rescheduled;
  },
  countPending: async () =>
    [...state.deliveries.values()].filter((delivery) => isWaiting(state, delivery)).length,
  due: async (now, limit) =>
    [...state.deliveries.values()]
      .filter(
        (delivery) => isWaiting(state, delivery) && (delivery.nextAttemptAt?.getTime() ?? 0) <= now.getTime(),
      )
      .sort((a, b) => (a.nextAttemptAt?.getTime() ?? 0) - (b.nextAttemptAt?.getTime() ?? 0) || a.id - b.id)
      .slice(0, limit),
  nextDue: async () => {
    let earliest: Date | null = null;
    for (const delivery of state.deliveries.values()) {
      const due = delivery.nextAttemptAt;
      if (isWaiting(state, delivery) && due !== null && (earliest === null || due < earliest)) earliest = due;
    }
    return earliest;
  },
});
