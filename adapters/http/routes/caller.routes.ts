import { ALL_SCOPES } from '../../../domain/api-key/scope.js';
import { success } from '../envelope.js';
import { orNull } from '../openapi/json-schema.js';
import { closedObject, ID, SERVER_INSTANT, titled } from '../openapi/response-schemas.js';
import { presentCaller } from '../presenters/caller.presenter.js';
import { type Route, respond } from '../route.js';

const CALLER = titled(
  'Caller',
  closedObject({
    user: closedObject({
      id: ID,
      name: { type: 'string' },
      timezone: { type: 'string', description: 'The IANA time zone the user’s wall-clock dates are in.' },
    }),
    key: closedObject(
      {
        id: ID,
        display_prefix: {
          type: 'string',
          description: 'The first characters of the key, to tell keys apart.',
        },
        scopes: { type: 'array', items: { enum: [...ALL_SCOPES] } },
        created_at: SERVER_INSTANT,
        expires_at: orNull(SERVER_INSTANT),
      },
      'The key this request came with.',
    ),
  }),
);

export const callerRoutes: readonly Route[] = [
  {
    method: 'GET',
    url: '/v1/me',
    operation: { group: 'me', name: 'get' },
    doc: {
      tag: 'Keys',
      summary: 'Who this key belongs to, and what it may do',
      description:
        'The key’s user, its scopes and when it expires: what an integration or an agent checks first. Any valid key may ask; no scope is needed.',
      answer: {
        status: 200,
        data: CALLER,
        example: {
          user: { id: 1, name: 'alice', timezone: 'Europe/Kyiv' },
          key: {
            id: 4,
            display_prefix: 'wsk_live_7Gq2',
            scopes: ['tasks:*', 'clients:read'],
            created_at: '2026-11-20 09:15:00',
            expires_at: '2027-02-18 09:15:00',
          },
        },
      },
    },
    handle: ({ session }) =>
      respond(session.me.get(), (caller) => ({ status: 200, body: success(presentCaller(caller)) })),
  },
];
