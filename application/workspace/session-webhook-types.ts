import type { PageAnswer } from '../shared/paging.js';
import type { CreateWebhookError } from '../webhooks/create-webhook.use-case.js';
import type { DeleteWebhookError } from '../webhooks/delete-webhook.use-case.js';
import type { GetWebhookError, ListWebhooksError } from '../webhooks/read-webhooks.use-case.js';
import type { RotateWebhookSecretError } from '../webhooks/rotate-webhook-secret.use-case.js';
import type { UpdateWebhookError } from '../webhooks/update-webhook.use-case.js';
import type {
  DeliveryView,
  ListDeliveriesError,
  RetryDeliveryError,
} from '../webhooks/webhook-deliveries.use-case.js';
import type { WebhookView, WebhookWithSecret } from '../webhooks/webhook-view.js';
import type { SessionInputs } from './input-codecs.js';
import type { GivenInputs } from './inputs.js';
import type { Outcome } from './outcome.js';

export interface WebhookOperations<X, I extends SessionInputs = GivenInputs> {
  /**
   * Subscribes to the caller's changes from now on, of the resources the session may read now. The
   * answer is the only one that shows the secret.
   */
  create(input: I['createWebhook']): Outcome<CreateWebhookError | X, WebhookWithSecret>;
  /** A page of the subscriptions, oldest first: `limit`, and `offset` or `cursor`, as every list. */
  list(query?: I['listWebhooks']): Outcome<ListWebhooksError | X, PageAnswer<WebhookView>>;
  get(id: number): Outcome<GetWebhookError | X, WebhookView>;
  /** Changes the fields given; turning it on again starts from the changes made after that. */
  update(id: number, changes: I['updateWebhook']): Outcome<UpdateWebhookError | X, WebhookView>;
  delete(id: number): Outcome<DeleteWebhookError | X, { readonly id: number }>;
  /** A new secret, shown once; the old one signs too for 24 hours. */
  rotateSecret(id: number): Outcome<RotateWebhookSecretError | X, WebhookWithSecret>;
  /** The subscription's deliveries, newest first. */
  deliveries(id: number, page?: I['deliveries']): Outcome<ListDeliveriesError | X, PageAnswer<DeliveryView>>;
  /** Sends a delivery again now. */
  retryDelivery(id: number, deliveryId: number): Outcome<RetryDeliveryError | X, DeliveryView>;
}
