import { epochMillis } from './column-types.js';
import { defineTable } from './table-definition.js';

/**
 * One row per (owner, Idempotency-Key): the request's fingerprint and, once it has finished, the
 * answer to replay. `status` is null while the first request still runs. Rows expire after 24 h.
 */
export interface IdempotencyKeyRecord {
  ownerId: number;
  idempotencyKey: string;
  fingerprint: string;
  status: number | null;
  /** The answer's JSON body, as sent. */
  responseBody: string | null;
  /** The answer's own headers (e.g. `location`), as a JSON object. */
  responseHeaders: string | null;
  startedAt: number;
  expiresAt: number;
}

export const IdempotencyKeySchema = defineTable<IdempotencyKeyRecord>({
  name: 'IdempotencyKeyRecord',
  tableName: 'idempotency_keys',
  indexes: [{ name: 'idempotency_keys_expires_index', properties: ['expiresAt'] }],
  properties: {
    ownerId: { type: 'integer', fieldName: 'owner_id', primary: true },
    idempotencyKey: { type: 'string', length: 255, fieldName: 'idempotency_key', primary: true },
    fingerprint: { type: 'string', length: 64 },
    status: { type: 'smallint', nullable: true },
    responseBody: { type: 'text', fieldName: 'response_body', nullable: true },
    responseHeaders: { type: 'text', fieldName: 'response_headers', nullable: true },
    startedAt: { type: epochMillis(), fieldName: 'started_at' },
    expiresAt: { type: epochMillis(), fieldName: 'expires_at' },
  },
});
