import type * as t from 'io-ts';
import { ALL_EVENTS, isEventType, WEBHOOK_EVENT_TYPES } from '../../domain/webhook/webhook-events.js';
import { MAX_URL_LENGTH } from '../../domain/webhook/webhook-target.js';
import { FieldCodec, nullable, object } from '../shared/codecs.js';
import { boolean, checkText, text } from '../shared/fields.js';
import { pageParams } from '../shared/paging.js';
import { problem } from '../shared/validation-detail.js';

/** A subscription's description: at most this long. */
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 500;
const MAX_EVENTS = WEBHOOK_EVENT_TYPES.length + 1;

/**
 * The events a subscription asks for: event types, or `["*"]` for all. Decoded without repeats, in
 * the order the types are listed, so one choice has one spelling.
 */
const eventList = new FieldCodec<readonly string[], readonly string[]>(
  'WebhookEvents',
  {
    type: 'array',
    items: { type: 'string', enum: [ALL_EVENTS, ...WEBHOOK_EVENT_TYPES] },
    minItems: 1,
    maxItems: MAX_EVENTS,
    description: 'The event types to receive, or ["*"] for every one (the default)',
  },
  (value) => {
    if (value.length === 0) return problem('OUT_OF_RANGE', 'must name at least one event, or "*"');
    if (value.length > MAX_EVENTS) return problem('OUT_OF_RANGE', `must name at most ${MAX_EVENTS} events`);
    if (value.some((item) => typeof item !== 'string'))
      return problem('INVALID_TYPE', 'must be an array of strings');
    if (value.includes(ALL_EVENTS)) return [ALL_EVENTS];
    const unknown = value.find((item) => !isEventType(item));
    if (unknown !== undefined)
      return problem(
        'OUT_OF_RANGE',
        `names an unknown event (${unknown.slice(0, 40)}); see the list of event types`,
      );
    return WEBHOOK_EVENT_TYPES.filter((type) => value.includes(type));
  },
);

const url = new FieldCodec<string, string>(
  'WebhookUrl',
  {
    type: 'string',
    maxLength: MAX_URL_LENGTH,
    description: 'Where events are POSTed: an https URL on a public address',
  },
  (value) => checkText(value, MAX_URL_LENGTH) ?? value.trim(),
);

const webhookFields = {
  url,
  events: eventList,
  description: nullable(
    text('WebhookDescription', WEBHOOK_DESCRIPTION_MAX_LENGTH, 'What the subscription is for'),
  ),
  active: boolean('WebhookActive', 'Whether events are sent (default true)'),
};

export const createWebhookInput = object('CreateWebhookInput', webhookFields, { required: ['url'] });
export const updateWebhookInput = object('UpdateWebhookInput', webhookFields);
export type CreateWebhookBody = t.TypeOf<typeof createWebhookInput>;
export type UpdateWebhookBody = t.TypeOf<typeof updateWebhookInput>;

/** A page of a subscription's deliveries, newest first: `limit`, and `offset` or `cursor`, as every list. */
export const deliveriesInput = object('WebhookDeliveriesInput', pageParams, {
  unknownCode: 'UNKNOWN_PARAMETER',
});

/** A page of the caller's subscriptions, oldest first. */
export const listWebhooksInput = object('ListWebhooksInput', pageParams, {
  unknownCode: 'UNKNOWN_PARAMETER',
});

/** A page asked for, as decoded (of deliveries or of subscriptions). */
export type WebhookPageBody = t.TypeOf<typeof deliveriesInput>;
