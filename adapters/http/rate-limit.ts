import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as E from 'fp-ts/lib/Either.js';
import type { Charge } from '../../application/workspace/admission.js';
import type { WindowCounter } from '../persistence/persistence.js';
import { failure } from './envelope.js';
import type { Reply } from './route.js';

export interface RateLimitOptions {
  /** Requests per key (or per address without a key) per minute; 0 turns limiting off. */
  readonly perMinute: number;
  /** Absent: each process counts on its own (one instance, SQLite or in-memory). */
  readonly shared?: WindowCounter | undefined;
}

const WINDOW_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** `key:<id>` once the key is known, else `addr:<address>`. */
    rateLimitBucket: string;
  }
}

/** @fastify/rate-limit's store contract over the shared counter. */
const sharedStore = (counter: WindowCounter) =>
  class SharedStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counter.hit(key, timeWindow).then(
        (hit) => callback(null, { current: hit.hits, ttl: hit.resetInMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };

/** What the limit says about one request: headers for every answer, and a 429 when past it. */
export interface RateDecision {
  readonly headers: Readonly<Record<string, string>>;
  readonly refusal: Reply | null;
}

export type RateLimiter = (request: FastifyRequest, bucket: string) => Promise<RateDecision>;

/** A call past its key's limit, refused by the admission: the 429 to send as it is. */
export interface RateLimited {
  readonly _tag: 'RateLimited';
  readonly reply: Reply;
}

/** One more request of a key counted (`chargeOne`: the refusal past the limit, else null), as an admission's charge. */
export const chargeWith =
  (chargeOne: (keyId: number) => Promise<Reply | null>): Charge<RateLimited> =>
  (keyId) =>
  async () => {
    const refused = await chargeOne(keyId);
    return refused === null ? E.right(undefined) : E.left({ _tag: 'RateLimited', reply: refused });
  };

/**
 * Registers @fastify/rate-limit without route hooks: the guard calls the limiter itself once it
 * knows whose request it is (a key's id, or the address when no valid key came), so the window
 * counts keys, not whatever header a caller invents. Fixed one-minute windows.
 */
export const registerRateLimit = (app: FastifyInstance, options: RateLimitOptions): RateLimiter | null => {
  if (options.perMinute === 0) return null;
  app.decorateRequest('rateLimitBucket', '');
  void app.register(rateLimit, {
    global: false,
    max: options.perMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => request.rateLimitBucket,
    ...(options.shared === undefined ? {} : { store: sharedStore(options.shared) }),
  });
  let limit: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  return async (request, bucket) => {
    request.rateLimitBucket = bucket;
    limit ??= app.createRateLimit();
    const decision = await limit(request);
    if (decision.isAllowed) return { headers: {}, refusal: null };
    const reset = String(decision.ttlInSeconds);
    const headers = {
      'x-ratelimit-limit': String(decision.max),
      'x-ratelimit-remaining': String(decision.remaining),
      'x-ratelimit-reset': reset,
    };
    if (!decision.isExceeded) return { headers, refusal: null };
    return {
      headers,
      refusal: {
        status: 429,
        headers: { ...headers, 'retry-after': reset },
        body: failure(
          'RATE_LIMITED',
          `Too many requests: the limit is ${decision.max} a minute. Retry in ${reset} s.`,
        ),
      },
    };
  };
};
