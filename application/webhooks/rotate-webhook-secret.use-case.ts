import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import { rotateSecret } from '../../domain/webhook/webhook.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { WebhookSecrets } from '../ports/webhook-delivery.port.js';
import type { Actor } from '../shared/actor.js';
import { type InfrastructureError, type NotFound, notFound } from '../shared/errors.js';
import { ownWebhook, viewOf, type WebhookWithSecret } from './webhook-view.js';

export type RotateWebhookSecretError = NotFound | InfrastructureError;

/**
 * A new secret, shown once; the old one signs too for 24 hours (two signatures in
 * `webhook-signature`), so a receiver can switch without missing a delivery.
 */
export class RotateWebhookSecret {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly secrets: WebhookSecrets,
    private readonly clock: Clock,
  ) {}

  execute(actor: Actor, id: number): TE.TaskEither<RotateWebhookSecretError, WebhookWithSecret> {
    return this.unitOfWork.run(async (repositories) => {
      const webhook = ownWebhook(await repositories.webhooks.findForUpdate(id), actor.userId);
      if (webhook === null) return E.left(notFound('webhook'));
      const secret = this.secrets.generate();
      const rotated = await repositories.webhooks.update(rotateSecret(webhook, secret, this.clock.now()));
      return E.right({ webhook: viewOf(rotated), secret });
    });
  }
}
