import type { RecordResource } from '../api-key/scope.js';
import type { UserId } from '../task/task.js';
import { FAILING_DISABLES_AFTER_MS, retryDelayMs } from './retry-schedule.js';

/** Why a subscription stopped by itself: its receiver answered 410 Gone, or failed for 5 days. */
export type DisabledReason = 'gone' | 'failing';

/** A webhook subscription: where a user's changes are sent, and which. */
export interface Webhook {
  readonly id: number;
  readonly userId: UserId;
  readonly url: string;
  /** Event types, or `['*']`. */
  readonly events: readonly string[];
  readonly description: string | null;
  readonly active: boolean;
  /** The resources the key that created it could read: it never receives events of any other. */
  readonly resources: readonly RecordResource[];
  readonly secret: string;
  /** The secret before the latest rotation, still signing until `previousSecretUntil`. */
  readonly previousSecret: string | null;
  readonly previousSecretUntil: Date | null;
  /** The last change (the user's log seq) turned into deliveries for it. */
  readonly cursor: number;
  /** Since when its deliveries have failed without a success in between. */
  readonly failingSince: Date | null;
  readonly disabledReason: DisabledReason | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** How long the secret before a rotation still signs (CONTRACT §10). */
export const SECRET_OVERLAP_MS = 86_400_000;

/** The secrets that sign a delivery now: the current one, and the previous during the overlap. */
export const signingSecrets = (webhook: Webhook, now: Date): readonly string[] =>
  webhook.previousSecret !== null &&
  webhook.previousSecretUntil !== null &&
  webhook.previousSecretUntil.getTime() > now.getTime()
    ? [webhook.secret, webhook.previousSecret]
    : [webhook.secret];

/** A new secret in place, the old one still signing for the overlap. */
export const rotateSecret = (webhook: Webhook, secret: string, now: Date): Webhook => ({
  ...webhook,
  secret,
  previousSecret: webhook.secret,
  previousSecretUntil: new Date(now.getTime() + SECRET_OVERLAP_MS),
  updatedAt: now,
});

export type DeliveryState = 'pending' | 'delivered' | 'failed';

/** One event on its way to one subscription, and what became of it. */
export interface Delivery {
  readonly id: number;
  readonly webhookId: number;
  /** The event's `webhook-id`: the same on every attempt. */
  readonly eventId: string;
  readonly type: string;
  /** The JSON body, as sent on every attempt. */
  readonly body: string;
  readonly attempts: number;
  readonly state: DeliveryState;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
  /** When it is tried next (null once delivered or failed for good). */
  readonly nextAttemptAt: Date | null;
  readonly deliveredAt: Date | null;
  readonly createdAt: Date;
}

/** What an attempt came to: the receiver's status, or why there was none. */
export type AttemptOutcome = { readonly status: number } | { readonly error: string };

/** One attempt at a delivery, kept in its log: every attempt, not only the last. */
export interface DeliveryAttempt {
  readonly deliveryId: number;
  /** When it was sent. */
  readonly at: Date;
  readonly durationMs: number;
  readonly status: number | null;
  readonly error: string | null;
}

/** The log entry of an attempt at `deliveryId` sent at `startedAt` and answered (or not) at `endedAt`. */
export const attemptEntry = (
  deliveryId: number,
  outcome: AttemptOutcome,
  startedAt: number,
  endedAt: number,
): DeliveryAttempt => ({
  deliveryId,
  at: new Date(startedAt),
  durationMs: Math.max(0, Math.round(endedAt - startedAt)),
  status: 'status' in outcome ? outcome.status : null,
  error: 'error' in outcome ? outcome.error : null,
});

/**
 * A delivery and its subscription after an attempt: a 2xx delivers it (and ends a failing spell);
 * 410 Gone fails it and disables the subscription at once; anything else is retried on the
 * schedule, failing for good when it runs out, and disables a subscription failing for 5 days.
 */
export const afterAttempt = (
  delivery: Delivery,
  webhook: Webhook,
  outcome: AttemptOutcome,
  now: Date,
  random: number,
): { readonly delivery: Delivery; readonly webhook: Webhook } => {
  const attempts = delivery.attempts + 1;
  const status = 'status' in outcome ? outcome.status : null;
  const lastError = 'error' in outcome ? outcome.error : null;
  const tried = { ...delivery, attempts, lastStatus: status, lastError };
  if (status !== null && status >= 200 && status < 300) {
    return {
      delivery: { ...tried, state: 'delivered', nextAttemptAt: null, deliveredAt: now },
      webhook: webhook.failingSince === null ? webhook : { ...webhook, failingSince: null, updatedAt: now },
    };
  }
  if (status === 410) {
    return {
      delivery: { ...tried, state: 'failed', nextAttemptAt: null },
      webhook: { ...webhook, active: false, disabledReason: 'gone', updatedAt: now },
    };
  }
  const failingSince = webhook.failingSince ?? now;
  const failedTooLong = now.getTime() - failingSince.getTime() >= FAILING_DISABLES_AFTER_MS;
  const delay = retryDelayMs(attempts, random);
  return {
    delivery:
      delay === null
        ? { ...tried, state: 'failed', nextAttemptAt: null }
        : { ...tried, state: 'pending', nextAttemptAt: new Date(now.getTime() + delay) },
    webhook: failedTooLong
      ? { ...webhook, failingSince, active: false, disabledReason: 'failing', updatedAt: now }
      : webhook.failingSince === null
        ? { ...webhook, failingSince, updatedAt: now }
        : webhook,
  };
};

/** A delivery asked for again by hand: due now, whatever became of it before. */
export const retryNow = (delivery: Delivery, now: Date): Delivery => ({
  ...delivery,
  state: 'pending',
  nextAttemptAt: now,
});
