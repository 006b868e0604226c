import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { type Delivery, type DeliveryAttempt, retryNow } from '../../domain/webhook/webhook.js';
import type { Clock } from '../ports/clock.port.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import {
  type InfrastructureError,
  type InvalidCursor,
  type NotFound,
  notFound,
  type ValidationFailed,
} from '../shared/errors.js';
import { openPage, type PageAnswer, pageAnswer } from '../shared/paging.js';
import type { WebhookPageBody } from './webhook.codecs.js';
import { ownWebhook } from './webhook-view.js';

/** An attempt as its log shows it. */
export type AttemptView = Omit<DeliveryAttempt, 'deliveryId'>;

/**
 * A delivery as its subscription's owner sees it: what was sent and what became of it, every
 * attempt included, not the body.
 */
export type DeliveryView = Omit<Delivery, 'body'> & { readonly attemptLog: readonly AttemptView[] };

/** A delivery's view, with its log. */
const withLog = ({ body: _body, ...view }: Delivery, attemptLog: readonly AttemptView[]): DeliveryView => ({
  ...view,
  attemptLog,
});

/** The views of `deliveries`, each with its attempts (read in one go). */
const viewsOf = async (
  repositories: Repositories,
  deliveries: readonly Delivery[],
): Promise<DeliveryView[]> => {
  const logs = new Map<number, AttemptView[]>();
  for (const { deliveryId, ...attempt } of await repositories.webhooks.attemptsOf(
    deliveries.map((d) => d.id),
  )) {
    const log = logs.get(deliveryId);
    if (log === undefined) logs.set(deliveryId, [attempt]);
    else log.push(attempt);
  }
  return deliveries.map((delivery) => withLog(delivery, logs.get(delivery.id) ?? []));
};

export type ListDeliveriesError = ValidationFailed | InvalidCursor | NotFound | InfrastructureError;
export type RetryDeliveryError = NotFound | InfrastructureError;

/** A page of a subscription's deliveries, newest first. */
export class ListDeliveries {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(
    actor: Actor,
    webhookId: number,
    input: WebhookPageBody,
  ): TE.TaskEither<ListDeliveriesError, PageAnswer<DeliveryView>> {
    const of = { userId: actor.userId, list: `webhooks/${webhookId}/deliveries` };
    return pipe(
      TE.fromEither(openPage(of, input)),
      TE.flatMap((page) =>
        this.unitOfWork.run(async (repositories) => {
          const webhook = ownWebhook(await repositories.webhooks.find(webhookId), actor.userId);
          if (webhook === null) return E.left(notFound('webhook'));
          const paged = await repositories.webhooks.deliveriesOf(webhookId, page);
          const items = await viewsOf(repositories, paged.items);
          return E.right(pageAnswer(of, page, { ...paged, items }));
        }),
      ),
    );
  }
}

/**
 * Sends a delivery again now, whatever became of it (failed for good, still waiting for its next
 * attempt, or delivered): the same event, `webhook-id` and body.
 */
export class RetryDelivery {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    /** Told that a delivery is due now, so the worker need not wait for its next look. */
    private readonly wake: () => void = () => undefined,
  ) {}

  execute(
    actor: Actor,
    webhookId: number,
    deliveryId: number,
  ): TE.TaskEither<RetryDeliveryError, DeliveryView> {
    return pipe(
      this.unitOfWork.run(async (repositories) => {
        const webhook = ownWebhook(await repositories.webhooks.findForUpdate(webhookId), actor.userId);
        if (webhook === null) return E.left(notFound('webhook'));
        const delivery = await repositories.webhooks.findDelivery(deliveryId);
        if (delivery === null || delivery.webhookId !== webhookId) return E.left(notFound('delivery'));
        const retried = await repositories.webhooks.updateDelivery(retryNow(delivery, this.clock.now()));
        const log = await repositories.webhooks.attemptsOf([retried.id]);
        return E.right(
          withLog(
            retried,
            log.map(({ deliveryId: _delivery, ...attempt }) => attempt),
          ),
        );
      }),
      TE.tap(() => {
        this.wake();
        return TE.right(undefined);
      }),
    );
  }
}
