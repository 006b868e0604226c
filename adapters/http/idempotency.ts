import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { infrastructureError } from '../../application/shared/errors.js';
import type { IdempotencyStore } from '../persistence/persistence.js';
import { failure } from './envelope.js';
import { toHttpFailure } from './http-error.js';
import type { Reply } from './route.js';

/** How long a key and its answer are kept (CONTRACT 8). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A first request still marked running after this long is taken to be abandoned (its instance
 * died before it could answer; its transaction was rolled back with it), and a retry runs again.
 */
export const IDEMPOTENCY_LEASE_MS = 5 * 60 * 1000;

export const REPLAYED_HEADER = 'idempotent-replayed';

/**
 * 1..255 printable ASCII characters, space to tilde (CONTRACT §8), as the document's pattern says
 * too. HTTP drops a space at either end of a header value, so a key is read without them.
 */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x20-\\x7E]+$';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
const KEY_SHAPE = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are one request. */
const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

/** The request's method, path (without query or trailing slash) and JSON body, hashed. */
const fingerprintOf = (request: FastifyRequest, body: unknown): string => {
  const path = (request.url.split('?')[0] ?? '').replace(/\/+$/, '');
  return createHash('sha256')
    .update(`${request.method} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
};

/** Node joins a repeated header into one `a, b`; a key must come once. */
const sentTwice = (request: FastifyRequest): boolean =>
  request.raw.rawHeaders.filter((name, index) => index % 2 === 0 && name.toLowerCase() === 'idempotency-key')
    .length > 1;

const invalidKey: Reply = {
  status: 400,
  body: failure('VALIDATION_ERROR', 'The Idempotency-Key header is not valid.', [
    {
      field: 'Idempotency-Key',
      code: 'INVALID_FORMAT',
      message: 'must be 1 to 255 printable ASCII characters (space to tilde), sent once',
    },
  ]),
};

const reused: Reply = {
  status: 422,
  body: failure(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used with a different request; use a new key for a new request.',
  ),
};

const inUse: Reply = {
  status: 409,
  body: failure(
    'IDEMPOTENCY_KEY_IN_USE',
    'A request with this Idempotency-Key is still being processed; retry once it has finished.',
  ),
  headers: { 'retry-after': '1' },
};

/**
 * Runs a POST at most once per (owner, Idempotency-Key): the first answer is kept and replayed to
 * retries with the same request. Without the header, just runs it.
 */
export type Idempotency = (
  request: FastifyRequest,
  ownerId: number,
  body: unknown,
  run: () => Promise<Reply>,
) => Promise<Reply>;

export const idempotency =
  (store: IdempotencyStore, now: () => number = Date.now): Idempotency =>
  async (request, ownerId, body, run) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return run();
    if (
      typeof header !== 'string' ||
      header.length > IDEMPOTENCY_KEY_MAX_LENGTH ||
      !KEY_SHAPE.test(header) ||
      sentTwice(request)
    )
      return invalidKey;
    const fingerprint = fingerprintOf(request, body);
    const timing = { now: now(), ttlMs: IDEMPOTENCY_TTL_MS, leaseMs: IDEMPOTENCY_LEASE_MS };
    let claim: Awaited<ReturnType<IdempotencyStore['claim']>>;
    try {
      claim = await store.claim(ownerId, header, fingerprint, timing);
    } catch (cause) {
      return toHttpFailure(infrastructureError(cause));
    }
    switch (claim.kind) {
      case 'mismatch':
        return reused;
      case 'running':
        return inUse;
      case 'completed':
        return {
          status: claim.response.status,
          body: JSON.parse(claim.response.body),
          headers: { ...claim.response.headers, [REPLAYED_HEADER]: 'true' },
        };
      case 'claimed':
        return runClaimed(store, request.log, ownerId, header, run);
    }
  };

/**
 * A secret (a webhook's signing secret, a calendar feed's URL) is shown in its first answer only
 * (`Reply.shownOnce`): the answer kept for replays has it as null, so that neither the store nor a
 * replay shows it again.
 */
const withoutSecrets =
  (shownOnce: readonly string[]) =>
  (_key: string, value: unknown): unknown =>
    typeof value === 'string' && shownOnce.includes(value) ? null : value;

/** Runs the claimed request; keeps its answer, or gives the key up when it failed on our side. */
const runClaimed = async (
  store: IdempotencyStore,
  log: FastifyBaseLogger,
  ownerId: number,
  key: string,
  run: () => Promise<Reply>,
): Promise<Reply> => {
  let reply: Reply;
  try {
    reply = await run();
  } catch (error) {
    await store.release(ownerId, key).catch(() => undefined);
    throw error;
  }
  if (reply.status >= 500 || reply.failedOnOurSide === true) {
    await store.release(ownerId, key).catch((cause: unknown) => {
      log.warn({ err: cause }, 'could not release an idempotency key');
    });
    return reply;
  }
  const response = {
    status: reply.status,
    body: JSON.stringify(reply.body, withoutSecrets(reply.shownOnce ?? [])),
    headers: reply.headers ?? {},
  };
  // The work is done and committed: its answer goes out even if it cannot be kept. A retry then
  // finds the key running until the lease ends, and runs again after that (logged as an error).
  await store.complete(ownerId, key, response).catch((cause: unknown) => {
    log.error({ err: cause }, 'could not store the answer of an idempotent request');
  });
  return reply;
};
