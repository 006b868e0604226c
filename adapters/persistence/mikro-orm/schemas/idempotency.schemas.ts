import { defineEntity, p } from '@mikro-orm/core';
import { epochMillis } from './column-types.js';

/**
 * One row per (owner, Idempotency-Key): the request's fingerprint and, once it has finished, the
 * answer to replay. `status` is null while the first request still runs. Rows expire after 24 h.
 */
export const IdempotencyKeySchema = defineEntity({
  name: 'IdempotencyKeyRecord',
  tableName: 'idempotency_keys',
  indexes: [{ name: 'idempotency_keys_expires_index', properties: ['expiresAt'] }],
  properties: {
    ownerId: p.integer().fieldName('owner_id').primary(),
    idempotencyKey: p.string().length(255).fieldName('idempotency_key').primary(),
    fingerprint: p.string().length(64),
    status: p.smallint().nullable(),
    // The answer's JSON body as sent, and its own headers (e.g. `location`) as a JSON object.
    responseBody: p.text().fieldName('response_body').nullable(),
    responseHeaders: p.text().fieldName('response_headers').nullable(),
    startedAt: epochMillis().fieldName('started_at'),
    expiresAt: epochMillis().fieldName('expires_at'),
  },
});
