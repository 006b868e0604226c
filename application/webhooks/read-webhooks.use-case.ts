import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import {
  type InfrastructureError,
  type InvalidCursor,
  type NotFound,
  notFound,
  type ValidationFailed,
} from '../shared/errors.js';
import { openPage, type PageAnswer, pageAnswer, pageInIdOrder } from '../shared/paging.js';
import type { WebhookPageBody } from './webhook.codecs.js';
import { ownWebhook, viewOf, type WebhookView } from './webhook-view.js';

export type GetWebhookError = NotFound | InfrastructureError;

export type ListWebhooksError = ValidationFailed | InvalidCursor | InfrastructureError;

/**
 * A page of the caller's subscriptions, oldest first. A user holds few (the deployment caps them),
 * so they are read whole and paged here.
 */
export class ListWebhooks {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(actor: Actor, input: WebhookPageBody): TE.TaskEither<ListWebhooksError, PageAnswer<WebhookView>> {
    const of = { userId: actor.userId, list: 'webhooks' };
    return pipe(
      TE.fromEither(openPage(of, input)),
      TE.flatMap((page) =>
        this.unitOfWork.run(async (repositories) => {
          const paged = pageInIdOrder(await repositories.webhooks.listOf(actor.userId), page);
          return E.right(pageAnswer(of, page, { ...paged, items: paged.items.map(viewOf) }));
        }),
      ),
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
