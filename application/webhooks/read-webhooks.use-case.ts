import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { type InfrastructureError, type NotFound, notFound } from '../shared/errors.js';
import { ownWebhook, viewOf, type WebhookView } from './webhook-view.js';

export type GetWebhookError = NotFound | InfrastructureError;

/** The caller's subscriptions, oldest first. */
export class ListWebhooks {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(actor: Actor): TE.TaskEither<InfrastructureError, readonly WebhookView[]> {
    return this.unitOfWork.run(async (repositories) =>
      E.right((await repositories.webhooks.listOf(actor.userId)).map(viewOf)),
    );
  }
}

/** One of the caller's subscriptions. */
export class GetWebhook {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(actor: Actor, id: number): TE.TaskEither<GetWebhookError, WebhookView> {
    return this.unitOfWork.run(async (repositories) => {
      const webhook = ownWebhook(await repositories.webhooks.find(id), actor.userId);
      return webhook === null ? E.left(notFound('webhook')) : E.right(viewOf(webhook));
    });
  }
}
