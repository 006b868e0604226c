import type { AttemptOutcome } from '../../domain/webhook/webhook.js';
import type { TargetRefusal } from '../../domain/webhook/webhook-target.js';

/** New subscription secrets: `whsec_` and the base64 of 32 random bytes. */
export interface WebhookSecrets {
  generate(): string;
}

/** Whether a URL may take webhooks under the deployment's policy, its host resolved and checked. */
export interface WebhookTargets {
  refusal(url: string): Promise<TargetRefusal | null>;
}

/**
 * One attempt to deliver an event, signed by every secret given (Standard Webhooks); the sender
 * stamps it (`webhook-timestamp`) with the moment it goes out, which receivers check against their own clocks.
 */
export interface OutgoingWebhook {
  readonly url: string;
  /** `webhook-id`: the same on every attempt of the event. */
  readonly id: string;
  readonly body: string;
  readonly secrets: readonly string[];
}

/**
 * Sends webhooks: resolves the host and refuses a private address (unless allowed), connects to
 * the address it checked, follows no redirect, gives up after the timeout, reads at most 64 KiB.
 */
export interface WebhookSender {
  send(webhook: OutgoingWebhook): Promise<AttemptOutcome>;
}
