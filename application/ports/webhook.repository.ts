import type { UserId } from '../../domain/task/task.js';
import type { Delivery, DeliveryAttempt, Webhook } from '../../domain/webhook/webhook.js';
import type { Page, Paged } from './paging.js';

export type NewWebhook = Omit<Webhook, 'id'>;
export type NewDelivery = Omit<Delivery, 'id'>;

/**
 * Webhook subscriptions and their deliveries, within one unit of work. A delivery stored pending
 * with a next attempt time is attempted from then on: the adapter sees to it in the same
 * transaction (a table the worker polls, or a job engine's queue).
 */
export interface WebhookRepository {
  add(webhook: NewWebhook): Promise<Webhook>;
  /** The subscription (locked to the transaction's end where the database locks rows), or null. */
  findForUpdate(id: number): Promise<Webhook | null>;
  /** The subscription as committed, not locked: for reads, and for a change it may not need. */
  find(id: number): Promise<Webhook | null>;
  /** The user's subscriptions, oldest first. */
  listOf(userId: UserId): Promise<readonly Webhook[]>;
  update(webhook: Webhook): Promise<Webhook>;
  /** Deletes the subscription, its deliveries and their attempts; false when there was none. */
  delete(id: number): Promise<boolean>;
  /** How many subscriptions are active, of every user: none, and the worker has nothing to watch. */
  countActive(): Promise<number>;
  /** Active subscriptions whose cursor is behind their user's latest change: they have events to make. */
  behind(limit: number): Promise<readonly Webhook[]>;
  /**
   * Moves each subscription's cursor to `to`, if it is still at the cursor given and active (one
   * moved on, restarted or turned off meanwhile is left to its own next round).
   */
  advanceCursors(
    webhooks: readonly { readonly id: number; readonly cursor: number }[],
    to: number,
  ): Promise<void>;
  /** Adds deliveries; one whose event the subscription already has is left out (a dispatch done twice). */
  addDeliveries(deliveries: readonly NewDelivery[]): Promise<void>;
  /** A page of the subscription's deliveries, newest first (a key is a delivery's id). */
  deliveriesOf(webhookId: number, page: Page): Promise<Paged<Delivery>>;
  /** Keeps attempts in their deliveries' logs. */
  addAttempts(attempts: readonly DeliveryAttempt[]): Promise<void>;
  /** The attempts at the deliveries of `ids`, oldest first. */
  attemptsOf(deliveryIds: readonly number[]): Promise<readonly DeliveryAttempt[]>;
  findDelivery(id: number): Promise<Delivery | null>;
  /** The deliveries of `ids` that exist, locked as `findDelivery` locks (a worker's batch). */
  findDeliveries(ids: readonly number[]): Promise<readonly Delivery[]>;
  /** The subscriptions of `ids` that exist, not locked. */
  findMany(ids: readonly number[]): Promise<readonly Webhook[]>;
  updateDelivery(delivery: Delivery): Promise<Delivery>;
  /** Stores each delivery's attempt as `updateDelivery` does, in one go (a worker's batch). */
  updateDeliveries(deliveries: readonly Delivery[]): Promise<void>;
  /** Makes the subscription's pending deliveries due at `at` (it was turned on again); answers how many. */
  reschedulePending(webhookId: number, at: Date): Promise<number>;
  /** Pending deliveries of active subscriptions, due or not: the queue's depth. */
  countPending(): Promise<number>;
  /** Pending deliveries of active subscriptions due by `now`, the longest due first. */
  due(now: Date, limit: number): Promise<readonly Delivery[]>;
  /** When the earliest pending delivery of an active subscription falls due, or null if none waits. */
  nextDue(): Promise<Date | null>;
}
