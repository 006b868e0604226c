import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { ALL_EVENTS } from '../../domain/webhook/webhook-events.js';
import type { ChangeLogReader, ChangeResource } from '../ports/change-log.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { WebhookSecrets, WebhookTargets } from '../ports/webhook-delivery.port.js';
import type { Actor } from '../shared/actor.js';
import { validationFailed } from '../shared/decode.js';
import {
  type Conflict,
  conflict,
  type InfrastructureError,
  type ValidationFailed,
} from '../shared/errors.js';
import { query } from '../shared/read.js';
import type { CreateWebhookBody } from './webhook.codecs.js';
import { viewOf, type WebhookWithSecret } from './webhook-view.js';

export type CreateWebhookError = ValidationFailed | Conflict<'WEBHOOK_LIMIT_REACHED'> | InfrastructureError;

/** How many subscriptions one user may hold, unless the deployment says otherwise. */
export const DEFAULT_MAX_WEBHOOKS_PER_USER = 25;

/** Refuses a URL the deployment's policy does not let webhooks reach, naming why. */
export const checkTarget = (
  targets: WebhookTargets,
  url: string,
): TE.TaskEither<ValidationFailed | InfrastructureError, string> =>
  pipe(
    query(() => targets.refusal(url)),
    TE.flatMap((refusal) =>
      refusal === null
        ? TE.right(url)
        : TE.left(validationFailed([{ field: 'url', code: refusal.code, message: refusal.message }])),
    ),
  );

/**
 * Subscribes the caller to their changes from now on. The subscription receives only events of the
 * resources the caller may read now (`readable`), whatever its key may later be given.
 */
export class CreateWebhook {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly changeLog: ChangeLogReader,
    private readonly targets: WebhookTargets,
    private readonly secrets: WebhookSecrets,
    private readonly clock: Clock,
    /** Told once it is stored, so the worker starts watching at once. */
    private readonly wake: () => void = () => undefined,
    /** Each subscription multiplies every write into outbound requests: a user holds at most this many. */
    private readonly maxPerUser = DEFAULT_MAX_WEBHOOKS_PER_USER,
  ) {}

  execute(
    actor: Actor,
    readable: readonly ChangeResource[],
    fields: CreateWebhookBody,
  ): TE.TaskEither<CreateWebhookError, WebhookWithSecret> {
    return pipe(
      checkTarget(this.targets, fields.url),
      TE.map(() => fields),
      TE.flatMap((fields) =>
        pipe(
          // Events start after the changes already made.
          query(() => this.changeLog.latestSeq(actor.userId)),
          TE.flatMap((cursor) =>
            pipe(
              this.unitOfWork.run(async (repositories) => {
                const held = await repositories.webhooks.listOf(actor.userId);
                if (held.length >= this.maxPerUser)
                  return E.left(
                    conflict(
                      'WEBHOOK_LIMIT_REACHED',
                      `A user may hold at most ${this.maxPerUser} webhook subscriptions; delete one first.`,
                    ),
                  );
                const now = this.clock.now();
                const secret = this.secrets.generate();
                const webhook = await repositories.webhooks.add({
                  userId: actor.userId,
                  url: fields.url,
                  events: fields.events ?? [ALL_EVENTS],
                  description: fields.description ?? null,
                  active: fields.active ?? true,
                  resources: [...readable],
                  secret,
                  previousSecret: null,
                  previousSecretUntil: null,
                  cursor,
                  failingSince: null,
                  disabledReason: null,
                  createdAt: now,
                  updatedAt: now,
                });
                return E.right({ webhook: viewOf(webhook), secret });
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
