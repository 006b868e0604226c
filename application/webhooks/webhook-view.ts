import type { DisabledReason, Webhook } from '../../domain/webhook/webhook.js';

/** A subscription as its owner sees it: never its secret (shown once, on create and rotate) or cursor. */
export interface WebhookView {
  readonly id: number;
  readonly url: string;
  readonly events: readonly string[];
  readonly description: string | null;
  readonly active: boolean;
  /** Why it stopped by itself (`gone`: its receiver answered 410; `failing`: 5 days of failures), else null. */
  readonly disabledReason: DisabledReason | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** A subscription with its secret: the create and rotate-secret answers, the only ones that show it. */
export interface WebhookWithSecret {
  readonly webhook: WebhookView;
  readonly secret: string;
}

export const viewOf = (webhook: Webhook): WebhookView => ({
  id: webhook.id,
  url: webhook.url,
  events: [...webhook.events],
  description: webhook.description,
  active: webhook.active,
  disabledReason: webhook.disabledReason,
  createdAt: new Date(webhook.createdAt),
  updatedAt: new Date(webhook.updatedAt),
});

/** The subscription if it is the user's; another's reads as missing. */
export const ownWebhook = (webhook: Webhook | null, userId: number): Webhook | null =>
  webhook !== null && webhook.userId === userId ? webhook : null;
