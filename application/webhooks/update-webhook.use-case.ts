import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { ChangeLogReader } from '../ports/change-log.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { WebhookTargets } from '../ports/webhook-delivery.port.js';
import type { Actor } from '../shared/actor.js';
import {
  type InfrastructureError,
  type NotFound,
  notFound,
  type ValidationFailed,
} from '../shared/errors.js';
import { query } from '../shared/read.js';
import { checkTarget } from './create-webhook.use-case.js';
import type { UpdateWebhookBody } from './webhook.codecs.js';
import { ownWebhook, viewOf, type WebhookView } from './webhook-view.js';

export type UpdateWebhookError = ValidationFailed | NotFound | InfrastructureError;

/**
 * Changes the fields given. Turning a subscription on again starts it afresh: from the changes made
 * after that moment (none made while it was off is sent), with its failing spell forgotten.
 */
export class UpdateWebhook {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly changeLog: ChangeLogReader,
    private readonly targets: WebhookTargets,
    private readonly clock: Clock,
    /** Told once it is stored, so the worker starts watching at once. */
    private readonly wake: () => void = () => undefined,
  ) {}

  execute(
    actor: Actor,
    id: number,
    fields: UpdateWebhookBody,
  ): TE.TaskEither<UpdateWebhookError, WebhookView> {
    return pipe(
      fields.url === undefined
        ? TE.right(fields)
        : pipe(
            checkTarget(this.targets, fields.url),
            TE.map(() => fields),
          ),
      TE.flatMap((fields) =>
        pipe(
          query(() => this.changeLog.latestSeq(actor.userId)),
          TE.flatMap((latest) =>
            pipe(
              this.unitOfWork.run(async (repositories) => {
                const webhook = ownWebhook(await repositories.webhooks.findForUpdate(id), actor.userId);
                if (webhook === null) return E.left(notFound('webhook'));
                const restarted = fields.active === true && !webhook.active;
                const updated = await repositories.webhooks.update({
                  ...webhook,
                  url: fields.url ?? webhook.url,
                  events: fields.events ?? webhook.events,
                  description: fields.description === undefined ? webhook.description : fields.description,
                  active: fields.active ?? webhook.active,
                  ...(restarted ? { cursor: latest, failingSince: null, disabledReason: null } : {}),
                  updatedAt: this.clock.now(),
                });
                // Deliveries left waiting while it was off go out now, not at times long past.
                if (restarted) await repositories.webhooks.reschedulePending(webhook.id, this.clock.now());
                return E.right(viewOf(updated));
              }),
              TE.tap(() => {
                this.wake();
                return TE.right(undefined);
              }),
            ),
          ),
        ),
      ),
    );
  }
}
