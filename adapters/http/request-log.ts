import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The contract's error code of a failed response, for the request log. */
    errorCode: string | null;
  }
}

/** One answered request, for whoever counts them (the metrics). */
export interface RequestSample {
  readonly method: string;
  /** The route pattern (`/v1/tasks/:id`), or null when no route matched. */
  readonly route: string | null;
  readonly status: number;
  readonly durationMs: number;
  readonly errorCode: string | null;
}

export type RequestObserver = (sample: RequestSample) => void;

/** The error code of an envelope body, if it is a failure. */
export const errorCodeOf = (body: unknown): string | null => {
  if (typeof body !== 'object' || body === null || !('error' in body)) return null;
  const { error } = body;
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : null;
};

/** What one request line says: never the key, an auth header, the query string or a body. */
const requestLogFields = (request: FastifyRequest, sample: RequestSample) => ({
  method: sample.method,
  route: sample.route,
  status: sample.status,
  duration_ms: Math.round(sample.durationMs * 10) / 10,
  user_id: request.session?.userId ?? null,
  key_id: request.session?.keyId ?? null,
  ...(sample.errorCode === null ? {} : { error_code: sample.errorCode }),
});

/** The levels at which the request line (an info line) is written. */
const LOGS_REQUESTS = new Set(['trace', 'debug', 'info']);

/**
 * One JSON line per request, written when the response is sent (fastify's own two lines per
 * request, which carry the URL with its query string, are turned off in the app's options).
 */
export const registerRequestLog = (app: FastifyInstance, observe?: RequestObserver): void => {
  app.decorateRequest('errorCode', null);
  app.addHook('onResponse', (request, reply, done) => {
    const logs = LOGS_REQUESTS.has(request.log.level);
    if (logs || observe !== undefined) {
      const sample: RequestSample = {
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        durationMs: reply.elapsedTime,
        errorCode: request.errorCode,
      };
      if (logs) request.log.info(requestLogFields(request, sample), 'request');
      observe?.(sample);
    }
    done();
  });
};
