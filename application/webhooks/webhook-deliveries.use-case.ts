import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { type Delivery, retryNow } from '../../domain/webhook/webhook.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import { decodeWith } from '../shared/decode.js';
import {
  type InfrastructureError,
  type NotFound,
  notFound,
  type ValidationFailed,
} from '../shared/errors.js';
import * as seq from '../shared/sequence.js';
import { DELIVERIES_DEFAULT_LIMIT, deliveriesInput } from './webhook.codecs.js';
import { ownWebhook } from './webhook-view.js';

/** A delivery as its subscription's owner sees it: what was sent and what became of it, not the body. */
export type DeliveryView = Omit<Delivery, 'body'>;

export const deliveryView = ({ body: _body, ...view }: Delivery): DeliveryView => ({
  ...view,
  nextAttemptAt: view.nextAttemptAt === null ? null : new Date(view.nextAttemptAt),
  deliveredAt: view.deliveredAt === null ? null : new Date(view.deliveredAt),
  createdAt: new Date(view.createdAt),
});

export type ListDeliveriesError = ValidationFailed | NotFound | InfrastructureError;
export type RetryDeliveryError = NotFound | InfrastructureError;

const decode = decodeWith(deliveriesInput);

/** A subscription's deliveries, newest first. */
export class ListDeliveries {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(
    actor: Actor,
    webhookId: number,
    input: unknown,
  ): TE.TaskEither<ListDeliveriesError, readonly DeliveryView[]> {
    return pipe(
      TE.fromEither(decode(input)),
      seq.flatMap(({ limit = DELIVERIES_DEFAULT_LIMIT, offset = 0 }) =>
        this.unitOfWork.run(async (repositories) => {
          const webhook = ownWebhook(await repositories.webhooks.findForUpdate(webhookId), actor.userId);
          if (webhook === null) return E.left(notFound('webhook'));
          return E.right(
            (await repositories.webhooks.deliveriesOf(webhookId, limit, offset)).map(deliveryView),
          );
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
        return E.right(
          deliveryView(await repositories.webhooks.updateDelivery(retryNow(delivery, this.clock.now()))),
        );
      }),
      seq.tap(() => {
        this.wake();
        return TE.right(undefined);
      }),
    );
  }
}
