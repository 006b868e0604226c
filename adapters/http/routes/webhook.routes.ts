import {
  createWebhookInput,
  deliveriesInput,
  listWebhooksInput,
  updateWebhookInput,
} from '../../../application/webhooks/webhook.codecs.js';
import { ALL_EVENTS, WEBHOOK_EVENT_TYPES } from '../../../domain/webhook/webhook-events.js';
import { pagination, success } from '../envelope.js';
import { toHttpFailure } from '../http-error.js';
import {
  closedObject,
  DELETED,
  EXAMPLE_PAGINATION,
  ID,
  PAGINATION,
  SERVER_INSTANT,
  TIMESTAMPS,
  titled,
} from '../openapi/response-schemas.js';
import { presentDelivery, presentWebhook } from '../presenters/webhook.presenter.js';
import { type Reply, type Route, respond, withInput, withPathId } from '../route.js';
import { wireBody, wireQuery } from '../wire/wire-codecs.js';

const WEBHOOK = titled(
  'Webhook',
  closedObject({
    id: ID,
    url: { type: 'string', description: 'Where events are POSTed.' },
    events: {
      type: 'array',
      items: { type: 'string', enum: [ALL_EVENTS, ...WEBHOOK_EVENT_TYPES] },
      description: 'The event types it receives, or ["*"] for all.',
    },
    description: { type: ['string', 'null'] },
    active: { type: 'integer', enum: [0, 1], description: 'Whether events are sent.' },
    disabled_reason: {
      type: ['string', 'null'],
      enum: ['gone', 'failing', null],
      description:
        'Why it turned itself off: `gone` (its receiver answered 410), `failing` (5 days of failed deliveries); null otherwise.',
    },
    ...TIMESTAMPS,
  }),
);

const SECRET = {
  type: ['string', 'null'],
  pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
  description:
    'The signing secret (Standard Webhooks): shown in this answer only, and null when an `Idempotency-Key` replays it. Give it to a Standard Webhooks library to verify `webhook-signature`.',
};

const DELIVERY = titled(
  'WebhookDelivery',
  closedObject({
    id: ID,
    event_id: { type: 'string', description: 'The `webhook-id` sent: the same on every attempt.' },
    type: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] },
    state: {
      type: 'string',
      enum: ['pending', 'delivered', 'failed'],
      description:
        '`pending`: waiting for its next attempt; `failed`: retries ran out, or the receiver answered 410.',
    },
    attempts: { type: 'integer', minimum: 0 },
    last_status: {
      type: ['integer', 'null'],
      description: "The receiver's HTTP status at the last attempt.",
    },
    last_error: {
      type: ['string', 'null'],
      description: 'Why the last attempt got no status (timeout, refused, …).',
    },
    next_attempt_at: { anyOf: [SERVER_INSTANT, { type: 'null' }] },
    delivered_at: { anyOf: [SERVER_INSTANT, { type: 'null' }] },
    created_at: SERVER_INSTANT,
    attempt_log: {
      type: 'array',
      description:
        'Every attempt, oldest first: when it was sent, how long it took, and the status or the error.',
      items: closedObject({
        at: SERVER_INSTANT,
        duration_ms: { type: 'integer', minimum: 0 },
        status: { type: ['integer', 'null'] },
        error: { type: ['string', 'null'] },
      }),
    },
  }),
);

const EXAMPLE_WEBHOOK = {
  id: 3,
  url: 'https://hooks.example.com/workspace',
  events: ['task.status_changed', 'task.deleted'],
  description: 'Done tasks to the team chat',
  active: 1,
  disabled_reason: null,
  created_at: '2026-11-25 10:00:00',
  updated_at: '2026-11-25 10:00:00',
};
const EXAMPLE_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw/EX4ENYZGSo=';
const EXAMPLE_DELIVERY = {
  id: 41,
  event_id: 'msg_7_1042_task.status_changed',
  type: 'task.status_changed',
  state: 'pending',
  attempts: 2,
  last_status: 503,
  last_error: null,
  next_attempt_at: '2026-11-25 10:01:45',
  delivered_at: null,
  created_at: '2026-11-25 10:00:05',
  attempt_log: [
    { at: '2026-11-25 10:00:06', duration_ms: 212, status: null, error: 'connection refused' },
    { at: '2026-11-25 10:00:37', duration_ms: 480, status: 503, error: null },
  ],
};

const withSecret = {
  status: 200,
  data: closedObject({ webhook: WEBHOOK, secret: SECRET }),
  example: { webhook: EXAMPLE_WEBHOOK, secret: EXAMPLE_SECRET },
};

const DELIVERY_ID = /^[1-9]\d{0,9}$/;

const webhookBody = wireBody(createWebhookInput);
const webhookChanges = wireBody(updateWebhookInput);
const deliveriesQuery = wireQuery(deliveriesInput);
const listWebhooksQuery = wireQuery(listWebhooksInput);

const one = (status: number, key: string, value: unknown): Reply => ({
  status,
  body: success({ [key]: value }),
});

export const webhookRoutes: readonly Route[] = [
  {
    method: 'POST',
    url: '/v1/webhooks',
    operation: { group: 'webhooks', name: 'create' },
    doc: {
      tag: 'Webhooks',
      summary: 'Subscribe to changes',
      description:
        'Events of the changes made from now on are POSTed to `url`, signed as Standard Webhooks 1.0 says. The subscription only ever receives events of the resources this key can read now. The answer is the only one that shows `secret`. `url` must be https on a public address (unless the deployment allows http or private targets); its host is resolved and checked now and at every delivery. A user holds at most `WEBHOOK_MAX_PER_USER` subscriptions (25 unless the deployment says otherwise): past that, 409 `WEBHOOK_LIMIT_REACHED`.',
      body: webhookBody,
      bodyExample: {
        url: EXAMPLE_WEBHOOK.url,
        events: EXAMPLE_WEBHOOK.events,
        description: EXAMPLE_WEBHOOK.description,
      },
      answer: { ...withSecret, status: 201, location: true },
    },
    handle: ({ session, body }) =>
      withInput(webhookBody, body, (input) =>
        respond(session.webhooks.create(input), ({ webhook, secret }) => ({
          status: 201,
          body: success({ webhook: presentWebhook(webhook), secret }),
          shownOnce: [secret],
          headers: { location: `/v1/webhooks/${webhook.id}` },
        })),
      ),
  },
  {
    method: 'GET',
    url: '/v1/webhooks',
    operation: { group: 'webhooks', name: 'list' },
    doc: {
      tag: 'Webhooks',
      summary: 'List subscriptions',
      description:
        "The key's owner's subscriptions, oldest first (never their secrets), paged as every list: `limit`, and `offset` or `cursor`.",
      query: listWebhooksQuery,
      answer: {
        status: 200,
        data: closedObject({ webhooks: { type: 'array', items: WEBHOOK }, pagination: PAGINATION }),
        example: { webhooks: [EXAMPLE_WEBHOOK], pagination: EXAMPLE_PAGINATION },
      },
    },
    handle: ({ session, query }) =>
      withInput(listWebhooksQuery, query, (page) =>
        respond(session.webhooks.list(page), (webhooks) => ({
          status: 200,
          body: success({ webhooks: webhooks.items.map(presentWebhook), pagination: pagination(webhooks) }),
        })),
      ),
  },
  {
    method: 'GET',
    url: '/v1/webhooks/:id',
    operation: { group: 'webhooks', name: 'get' },
    doc: {
      tag: 'Webhooks',
      summary: 'Get a subscription',
      answer: {
        status: 200,
        data: closedObject({ webhook: WEBHOOK }),
        example: { webhook: EXAMPLE_WEBHOOK },
      },
    },
    handle: withPathId('webhook', (id, { session }) =>
      respond(session.webhooks.get(id), (webhook) => one(200, 'webhook', presentWebhook(webhook))),
    ),
  },
  {
    method: 'PATCH',
    url: '/v1/webhooks/:id',
    operation: { group: 'webhooks', name: 'update' },
    doc: {
      tag: 'Webhooks',
      summary: 'Change a subscription',
      description:
        'Changes the fields given. `active: 1` on a subscription that was off (by hand, or by itself after a 410 or 5 days of failures) starts it again from the changes made after this request; none made while it was off is sent.',
      body: webhookChanges,
      bodyExample: { active: 1 },
      answer: {
        status: 200,
        data: closedObject({ webhook: WEBHOOK }),
        example: { webhook: EXAMPLE_WEBHOOK },
      },
    },
    handle: withPathId('webhook', (id, { session, body }) =>
      withInput(webhookChanges, body, (changes) =>
        respond(session.webhooks.update(id, changes), (webhook) =>
          one(200, 'webhook', presentWebhook(webhook)),
        ),
      ),
    ),
  },
  {
    method: 'DELETE',
    url: '/v1/webhooks/:id',
    operation: { group: 'webhooks', name: 'delete' },
    doc: {
      tag: 'Webhooks',
      summary: 'Delete a subscription',
      description: 'Its pending deliveries are dropped with it.',
      answer: { status: 200, data: DELETED, example: { deleted: true, id: 3 } },
    },
    handle: withPathId('webhook', (id, { session }) =>
      respond(session.webhooks.delete(id), (deleted) => ({
        status: 200,
        body: success({ deleted: true, id: deleted.id }),
      })),
    ),
  },
  {
    method: 'POST',
    url: '/v1/webhooks/:id/rotate-secret',
    operation: { group: 'webhooks', name: 'rotateSecret' },
    doc: {
      tag: 'Webhooks',
      summary: "Rotate a subscription's secret",
      description:
        'A new secret, shown in this answer only. For the next 24 hours every delivery carries two signatures in `webhook-signature` (space-separated), one by each secret, so the receiver can switch without missing one.',
      answer: withSecret,
    },
    handle: withPathId('webhook', (id, { session }) =>
      respond(session.webhooks.rotateSecret(id), ({ webhook, secret }) => ({
        status: 200,
        body: success({ webhook: presentWebhook(webhook), secret }),
        shownOnce: [secret],
      })),
    ),
  },
  {
    method: 'GET',
    url: '/v1/webhooks/:id/deliveries',
    operation: { group: 'webhooks', name: 'deliveries' },
    doc: {
      tag: 'Webhooks',
      summary: "A subscription's deliveries",
      description:
        'Newest first: each event sent or to be sent, what the receiver answered last, and every attempt in `attempt_log` (when, how long, the status or the error). Paged as every list.',
      query: deliveriesQuery,
      answer: {
        status: 200,
        data: closedObject({ deliveries: { type: 'array', items: DELIVERY }, pagination: PAGINATION }),
        example: { deliveries: [EXAMPLE_DELIVERY], pagination: EXAMPLE_PAGINATION },
      },
    },
    handle: withPathId('webhook', (id, { session, query }) =>
      withInput(deliveriesQuery, query, (page) =>
        respond(session.webhooks.deliveries(id, page), (deliveries) => ({
          status: 200,
          body: success({
            deliveries: deliveries.items.map(presentDelivery),
            pagination: pagination(deliveries),
          }),
        })),
      ),
    ),
  },
  {
    method: 'POST',
    url: '/v1/webhooks/:id/deliveries/:delivery_id/retry',
    operation: { group: 'webhooks', name: 'retryDelivery' },
    doc: {
      tag: 'Webhooks',
      summary: 'Send a delivery again now',
      description:
        'Whatever became of it (failed for good, waiting for its next attempt, or delivered), it is sent again at once: the same event, `webhook-id` and body. The answer is the delivery as it now stands (due now).',
      answer: {
        status: 202,
        data: closedObject({ delivery: DELIVERY }),
        example: { delivery: { ...EXAMPLE_DELIVERY, state: 'pending' } },
      },
    },
    handle: withPathId('webhook', (id, { session, params }) => {
      const deliveryId = params.delivery_id ?? '';
      if (!DELIVERY_ID.test(deliveryId)) return Promise.resolve(notFoundDelivery());
      return respond(session.webhooks.retryDelivery(id, Number(deliveryId)), (delivery) =>
        one(202, 'delivery', presentDelivery(delivery)),
      );
    }),
  },
];

const notFoundDelivery = (): Reply => toHttpFailure({ _tag: 'NotFound', resource: 'delivery' });
