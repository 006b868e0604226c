import { taskStatusCodec } from '../../../application/tasks/task.codecs.js';
import { RECORD_RESOURCES, type RecordResource } from '../../../domain/api-key/scope.js';
import { EVENT_NAME_OF, WEBHOOK_EVENT_TYPES } from '../../../domain/webhook/webhook-events.js';
import { type JsonSchema, orNull } from './json-schema.js';
import { RECORD_DOCS } from './resource-schemas.js';
import { closedObject, GAMIFICATION_FEEDBACK, ID } from './response-schemas.js';

const STATUS: JsonSchema = { type: 'integer', enum: taskStatusCodec.schema.enum };

/** The Standard Webhooks headers every delivery carries. */
const HEADERS = [
  {
    name: 'webhook-id',
    description: 'The event id: the same on every attempt of this event, so a receiver can drop repeats.',
    example: 'msg_1_42_task.created',
  },
  {
    name: 'webhook-timestamp',
    description: 'When this attempt was sent, in Unix seconds.',
    example: '1795590102',
  },
  {
    name: 'webhook-signature',
    description:
      '`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`, with the secret after its `whsec_` prefix; two, space-separated, while a rotated secret still signs.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
].map(({ name, description, example }) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
}));

const resourceOf = (type: string): RecordResource =>
  RECORD_RESOURCES.find((resource) => type.startsWith(`${EVENT_NAME_OF[resource]}.`)) ?? 'tasks';

/** `data` of an event: the record as `GET` shows it (its id alone once deleted), and a status move. */
const dataOf = (type: string): JsonSchema => {
  const resource = resourceOf(type);
  const name = EVENT_NAME_OF[resource];
  if (type.endsWith('.deleted')) return closedObject({ [name]: closedObject({ id: ID }, 'Its id alone.') });
  const record = RECORD_DOCS[resource].schema;
  if (type !== 'task.status_changed') return closedObject({ [name]: record });
  return closedObject({
    [name]: record,
    from: { ...orNull(STATUS), description: 'The status before (null only for a task that had none).' },
    to: STATUS,
    gamification: GAMIFICATION_FEEDBACK,
  });
};

const SUMMARIES: Readonly<Record<string, string>> = {
  created: 'A record was created.',
  updated: 'A record was edited (for a task, fields other than its status changed).',
  deleted: 'A record was deleted: its id alone.',
  status_changed: "A task's status changed: from and to, and what it did to the points.",
};

const operationOf = (type: string) => {
  const verb = type.slice(type.indexOf('.') + 1);
  return {
    post: {
      operationId: `webhook_${type.replace('.', '_')}`,
      tags: ['Webhooks'],
      summary: `${type}: ${SUMMARIES[verb] ?? ''}`,
      description:
        'Sent to each active subscription that asked for this event (or `*`) and whose key could read the resource. Verify the signature with a Standard Webhooks library before trusting the body; an event may come more than once (same `webhook-id`), and events are not ordered across records.',
      security: [],
      parameters: HEADERS,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: closedObject({
              type: { const: type },
              timestamp: {
                type: 'string',
                format: 'date-time',
                description: 'When the change committed (RFC 3339, UTC).',
              },
              data: dataOf(type),
            }),
          },
        },
      },
      responses: {
        '200': { description: 'Taken: any 2xx within 10 s counts as delivered.' },
        '410': { description: 'Gone: the subscription is turned off at once.' },
        default: {
          description: 'Anything else, or no answer within 10 s: tried again on the retry schedule.',
        },
      },
    },
  };
};

/** The document's top-level `webhooks` (OpenAPI 3.1): every event a subscription can receive. */
export const webhookEvents = (): Record<string, object> =>
  Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, operationOf(type)]));
