import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { type InfrastructureError, type NotFound, notFound } from '../shared/errors.js';
import { ownWebhook } from './webhook-view.js';

export type DeleteWebhookError = NotFound | InfrastructureError;

/** Ends a subscription: its pending deliveries go with it. */
export class DeleteWebhook {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(actor: Actor, id: number): TE.TaskEither<DeleteWebhookError, { readonly id: number }> {
    return this.unitOfWork.run(async (repositories) => {
      const webhook = ownWebhook(await repositories.webhooks.findForUpdate(id), actor.userId);
      if (webhook === null) return E.left(notFound('webhook'));
      await repositories.webhooks.delete(id);
      return E.right({ id });
    });
  }
}
