import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Actor } from '../shared/actor.js';
import type { CreateWebhookError } from '../webhooks/create-webhook.use-case.js';
import type { WebhookWithSecret } from '../webhooks/webhook-view.js';
import type { Admit } from './admission.js';
import type { Preparers, SessionInputs } from './input-codecs.js';
import { admitReading, forId, given, type Runner } from './session-binding.js';
import type { WebhookOperations } from './session-webhook-types.js';
import type { WorkspaceUseCases } from './use-cases.js';

/** The webhook subscriptions' operations, bound to `actor`. */
export const webhookOperations = <X, I extends SessionInputs>(
  useCases: WorkspaceUseCases['webhooks'],
  prepare: Preparers<I>,
  actor: Actor,
  admit: Admit<X>,
  run: Runner<X>,
): WebhookOperations<X, I> => ({
  // What the caller may read now is what the subscription may ever receive.
  create: (input) =>
    pipe(
      admitReading(admit, 'webhooks', 'create'),
      TE.flatMap(
        (readable): TE.TaskEither<CreateWebhookError | X, WebhookWithSecret> =>
          given(prepare.createWebhook, input)((body) => useCases.create.execute(actor, readable, body)),
      ),
    )(),
  list: (query) =>
    run('webhooks', 'list')(() => given(prepare.listWebhooks, query)((q) => useCases.list.execute(actor, q))),
  get: (id) => run('webhooks', 'get')(() => forId('webhook', id, () => useCases.get.execute(actor, id))),
  update: (id, changes) =>
    run(
      'webhooks',
      'update',
    )(() =>
      forId('webhook', id, () =>
        given(prepare.updateWebhook, changes)((body) => useCases.update.execute(actor, id, body)),
      ),
    ),
  delete: (id) =>
    run('webhooks', 'delete')(() => forId('webhook', id, () => useCases.delete.execute(actor, id))),
  rotateSecret: (id) =>
    run(
      'webhooks',
      'rotateSecret',
    )(() => forId('webhook', id, () => useCases.rotateSecret.execute(actor, id))),
  deliveries: (id, page) =>
    run(
      'webhooks',
      'deliveries',
    )(() =>
      forId('webhook', id, () =>
        given(prepare.deliveries, page)((q) => useCases.deliveries.execute(actor, id, q)),
      ),
    ),
  retryDelivery: (id, deliveryId) =>
    run(
      'webhooks',
      'retryDelivery',
    )(() =>
      forId('webhook', id, () =>
        forId('delivery', deliveryId, () => useCases.retryDelivery.execute(actor, id, deliveryId)),
      ),
    ),
});
