import { Readable } from 'node:stream';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { infrastructureError } from '../../application/shared/errors.js';
import type { AdmittedSession, TransportAdmission } from '../../application/workspace/workspace.js';
import type { IdempotencyStore } from '../persistence/persistence.js';
import { presentedKey } from './authentication.js';
import { MAX_PARAM_LENGTH } from './batch/route-matcher.js';
import { noneMatch } from './conditional.js';
import { type ConnectionLimits, connectionOptions, DEFAULT_CONNECTION_LIMITS } from './connection-limits.js';
import { type CorsSettings, registerCompressionAndCors } from './cross-origin.js';
import { failure } from './envelope.js';
import { toHttpFailure } from './http-error.js';
import { type Idempotency, idempotency } from './idempotency.js';
import type { McpEndpoint } from './mcp-endpoint.js';
import {
  chargeWith,
  type RateDecision,
  type RateLimiter,
  type RateLimitOptions,
  registerRateLimit,
} from './rate-limit.js';
import { requestIdOf, scopeRequestIds } from './request-id.js';
import { errorCodeOf, type RequestObserver, registerRequestLog } from './request-log.js';
import { routableUrl } from './routable-url.js';
import {
  METHODS,
  type Method,
  methodNotAllowed,
  NO_ROUTE,
  OTHER_METHODS,
  type PublicRoute,
  type Reply,
  type Route,
} from './route.js';
import { type SpooledUpload, spoolUpload } from './upload-spool.js';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface HttpAppOptions {
  readonly logger: FastifyServerOptions['logger'];
  /** How each request's call is admitted (its key, its rate limit, its scope), once, and the session it runs in. */
  readonly admit: TransportAdmission;
  readonly routes: readonly Route[];
  /** Routes anyone may call (health, API description). */
  readonly publicRoutes: readonly PublicRoute[];
  /** Hears of every answered request (metrics). */
  readonly observeRequest?: RequestObserver | undefined;
  /** Absent or 0 per minute: no limit. */
  readonly rateLimit?: RateLimitOptions | undefined;
  /** Where POSTs with an Idempotency-Key keep their answers. */
  readonly idempotency: IdempotencyStore;
  /** Timeouts and header size (default `DEFAULT_CONNECTION_LIMITS`). */
  readonly connectionLimits?: ConnectionLimits | undefined;
  /** MCP over Streamable HTTP at `/mcp`, with the same keys, rate limit and logs (absent: no `/mcp`). */
  readonly mcp?: McpEndpoint | undefined;
  /** The origins browsers may call from (absent: no cross-origin headers at all). */
  readonly cors?: CorsSettings | undefined;
  /** Keep each request's id in scope for its work (`currentRequestId`), e.g. to log its statements. */
  readonly scopeRequestIds?: boolean | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: AdmittedSession | null;
  }
}

const send = (request: FastifyRequest, reply: FastifyReply, result: Reply): FastifyReply => {
  if (result.cause !== undefined) request.log.error({ err: result.cause }, 'request failed');
  const etag = result.headers?.etag;
  const readsOne = (request.method === 'GET' || request.method === 'HEAD') && result.status === 200;
  if (
    result.status === 304 ||
    (readsOne && etag !== undefined && !noneMatch(request.headers['if-none-match'], etag))
  )
    return reply
      .code(304)
      .headers(etag === undefined ? {} : { etag })
      .send();
  request.errorCode = errorCodeOf(result.body);
  return reply
    .code(result.status)
    .headers(result.headers ?? {})
    .send(result.body);
};

class InvalidJsonError extends Error {
  readonly statusCode = 400;
  readonly code = 'INVALID_JSON';
}

/** Framework errors (body parsing, limits) in the contract's envelope; anything else is a 500. */
const frameworkFailure = (error: FastifyError): Reply => {
  switch (error.code) {
    case 'INVALID_JSON':
      return { status: 400, body: failure('INVALID_JSON', 'The body is not valid JSON.') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: failure('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with Content-Type: application/json.'),
      };
    case 'JSON_TOO_DEEP':
      return {
        status: 400,
        body: failure(
          'VALIDATION_ERROR',
          `The body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`,
        ),
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: failure('PAYLOAD_TOO_LARGE', 'The body is larger than 1 MiB.') };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        status: 400,
        body: failure('VALIDATION_ERROR', 'The Content-Length does not match the body.'),
      };
    default:
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return {
          status: error.statusCode,
          body: failure('VALIDATION_ERROR', 'The request could not be read.'),
        };
      }
      return toHttpFailure({ _tag: 'Unexpected', cause: error });
  }
};

/** Deeper JSON is refused before anything walks it (no request body needs more than a few levels). */
export const MAX_JSON_DEPTH = 64;

class TooDeepError extends Error {
  readonly statusCode = 400;
  readonly code = 'JSON_TOO_DEEP';
}

const isNested = (value: unknown): value is object => typeof value === 'object' && value !== null;

/**
 * How deeply `value` nests arrays and objects, counted without recursion (so any depth is safe).
 * Only containers are queued: a body of many plain values costs one look at each.
 */
const depthOf = (value: unknown): number => {
  if (!isNested(value)) return 0;
  let deepest = 0;
  const pending: object[] = [value];
  const depths: number[] = [1];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const depth = depths.pop() ?? 1;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const key in node) {
      // trust boundary: a value JSON.parse made, read by its own enumerable keys.
      const inner: unknown = (node as Record<string, unknown>)[key];
      if (isNested(inner)) {
        pending.push(inner);
        depths.push(depth + 1);
      }
    }
  }
  return deepest;
};

/** Accepts JSON only; an empty body counts as `{}`. */
const registerJsonParser = (app: FastifyInstance): void => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return done(new InvalidJsonError('invalid JSON'), undefined);
      }
      if (depthOf(parsed) > MAX_JSON_DEPTH) return done(new TooDeepError('JSON too deep'), undefined);
      done(null, parsed);
    },
  );
};

/** Counts the request against `bucket`: past the limit the refusal is sent, else the limit's headers set. */
/** The limit's decision on one more request of `bucket`; a counter that fails refuses with its failure. */
const decide = (limiter: RateLimiter, request: FastifyRequest, bucket: string): Promise<RateDecision> =>
  limiter(request, bucket).catch((cause: unknown) => ({
    headers: {},
    refusal: toHttpFailure(infrastructureError(cause)),
  }));

const countAgainst = async (
  limiter: RateLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  bucket: string,
): Promise<FastifyReply | null> => {
  const decision = await decide(limiter, request, bucket);
  if (decision.refusal !== null) return send(request, reply, decision.refusal);
  reply.headers(decision.headers);
  return null;
};

/**
 * Admits the request's call before its body is read: the key read, the request counted against the
 * key's rate limit, the operation's scope checked — the workspace's one admission of a call made
 * with a key (`ServedWorkspace.admit`), whose session then runs that call without admitting it
 * again. A request without a valid key is counted against its address.
 */
const guard = (
  admit: TransportAdmission,
  route: Pick<Route, 'operation' | 'countsItself'>,
  limiter: RateLimiter | null,
) => {
  const { operation } = route;
  return async function admitRequest(request: FastifyRequest, reply: FastifyReply) {
    // Whatever a keyed route answers is one user's: no cache along the way may keep it.
    reply.header('cache-control', 'no-store');
    const presented = presentedKey(request.headers);
    // A route that counts itself (a batch: its operations) is not counted once more.
    const charge =
      limiter === null || route.countsItself
        ? undefined
        : chargeWith((keyId) => chargeOneOf(limiter, request, reply, keyId)());
    const outcome =
      presented.kind === 'key' ? await admit(presented.key, operation.group, operation.name, charge) : null;
    if (outcome?._tag === 'Right') {
      request.session = outcome.right;
      return;
    }
    const refusal = outcome?.left;
    if (refusal?._tag === 'RateLimited') return send(request, reply, refusal.reply);
    // Counted against the key already: the admission charges the key before it checks the scope.
    if (refusal?._tag === 'InsufficientScope') return send(request, reply, toHttpFailure(refusal));
    if (limiter !== null) {
      const refused = await countAgainst(limiter, request, reply, `addr:${request.ip}`);
      if (refused !== null) return refused;
    }
    if (presented.kind === 'invalid') {
      return send(request, reply, toHttpFailure({ _tag: 'Unauthenticated', reason: 'invalid' }));
    }
    if (refusal === undefined) {
      return send(request, reply, toHttpFailure({ _tag: 'Unauthenticated', reason: 'missing' }));
    }
    return send(request, reply, toHttpFailure(refusal));
  };
};

/** Counts one more request of the key: the refusal past the limit, else null (its headers set). */
const chargeOneOf =
  (limiter: RateLimiter | null, request: FastifyRequest, reply: FastifyReply, keyId: number) =>
  async (): Promise<Reply | null> => {
    if (limiter === null) return null;
    const decision = await decide(limiter, request, `key:${keyId}`);
    if (decision.refusal !== null) return decision.refusal;
    reply.headers(decision.headers);
    return null;
  };

/**
 * `POST /mcp`: the key read and the request counted as on every route, but no scope of its own;
 * each tool call is counted and checked as the API request it makes (`Dispatch`), and any other
 * message (initialize, tools/list) counts as one request.
 */
const registerMcp = (app: FastifyInstance, endpoint: McpEndpoint, services: RouteServices): void => {
  app.route({
    method: 'POST',
    url: '/mcp',
    onRequest: guard(
      services.admit,
      { operation: { group: 'mcp', name: 'call' }, countsItself: true },
      services.limiter,
    ),
    handler: async (request, reply) => {
      const { session } = request;
      if (session === null) throw new Error('no session on /mcp');
      const chargeOne = chargeOneOf(services.limiter, request, reply, session.keyId);
      const callsATool =
        typeof request.body === 'object' &&
        request.body !== null &&
        'method' in request.body &&
        request.body.method === 'tools/call';
      const refused = callsATool ? null : await chargeOne();
      if (refused !== null) return send(request, reply, refused);
      const answer = await endpoint.answer(
        { session, chargeOne },
        { url: `http://${request.host}${request.url}`, headers: request.headers, body: request.body },
      );
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    },
  });
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE', ...OTHER_METHODS],
    url: '/mcp',
    handler: async (request, reply) =>
      send(request, reply, methodNotAllowed(request.method, 'POST', ' (no event stream)')),
  });
};

interface RouteServices {
  readonly admit: TransportAdmission;
  readonly limiter: RateLimiter | null;
  readonly idempotent: Idempotency;
}

/** Counts a request without a key against its address (public routes). */
const limitByAddress = (limiter: RateLimiter) =>
  async function limitUnkeyed(request: FastifyRequest, reply: FastifyReply) {
    const refused = await countAgainst(limiter, request, reply, `addr:${request.ip}`);
    if (refused !== null) return refused;
  };

/**
 * An upload (`Route.uploadLimitBytes`) kept whole on disk before its route reads it, so that its work
 * never waits on a slow sender; 413 past its limit; removed once answered.
 */
const uploaded = async (
  body: unknown,
  limitBytes: number,
  run: (upload: SpooledUpload) => Promise<Reply>,
) => {
  const spooled = await spoolUpload(body instanceof Readable ? body : Readable.from([]), limitBytes);
  if (spooled === 'too-large')
    return {
      status: 413,
      body: failure('PAYLOAD_TOO_LARGE', `The body is larger than ${limitBytes / 1_048_576} MiB.`),
    };
  try {
    return await run(spooled.upload);
  } finally {
    await spooled.remove();
  }
};

const registerRoute = (app: FastifyInstance, route: Route | PublicRoute, services: RouteServices): void => {
  if (!('operation' in route)) {
    const limiter = route.unlimited ? null : services.limiter;
    app.route({
      method: route.method,
      url: route.url,
      ...(limiter === null ? {} : { onRequest: limitByAddress(limiter) }),
      handler: async (request, reply) => {
        // trust boundary: fastify types params as unknown; its router fills them from the path, as strings.
        const params = request.params as Record<string, string>;
        return send(
          request,
          reply,
          await route.handle(params, { ifNoneMatch: request.headers['if-none-match'] }),
        );
      },
    });
    return;
  }
  const options = {
    method: route.method,
    url: route.url,
    onRequest: guard(services.admit, route, services.limiter),
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { session } = request;
      if (session === null) throw new Error(`no session on the guarded route ${route.url}`);
      // trust boundary: fastify types params as unknown; its router fills them from the path, as strings.
      const params = request.params as Record<string, string>;
      // No body at all counts as {}; a JSON null is a body (and not an object).
      const body = request.body === undefined ? {} : request.body;
      const ifMatch = request.headers['if-match'];
      const ifNoneMatch = request.headers['if-none-match'];
      const chargeOne = chargeOneOf(services.limiter, request, reply, session.keyId);
      const origin = `${request.protocol}://${request.host}`;
      const run = (upload?: SpooledUpload) =>
        route.handle({
          session,
          params,
          query: request.query,
          body: upload ?? body,
          ifMatch,
          ifNoneMatch,
          chargeOne,
          origin,
        });
      if (route.uploadLimitBytes !== undefined)
        return send(request, reply, await uploaded(body, route.uploadLimitBytes, run));
      const result =
        route.method === 'POST' ? await services.idempotent(request, session.userId, body, run) : await run();
      return send(request, reply, result);
    },
  };
  if (route.uploadLimitBytes === undefined) {
    app.route(options);
    return;
  }
  // An upload's JSON is handed to its route as the request's stream, unread (`Route.uploadLimitBytes`).
  app.register(async (upload) => {
    upload.removeAllContentTypeParsers();
    upload.addContentTypeParser('application/json', (_request, payload, done) => done(null, payload));
    upload.route(options);
  });
};

const registerRoutes = (app: FastifyInstance, options: HttpAppOptions, services: RouteServices): void => {
  const byUrl = new Map<string, (Route | PublicRoute)[]>();
  for (const route of [...options.publicRoutes, ...options.routes]) {
    byUrl.set(route.url, [...(byUrl.get(route.url) ?? []), route]);
  }

  for (const [url, routes] of byUrl) {
    for (const route of routes) registerRoute(app, route, services);
    const allowed = routes.map((r) => r.method);
    const allowHeader = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
    const others = [...METHODS.filter((m: Method) => !allowed.includes(m)), ...OTHER_METHODS];
    if (others.length > 0) {
      app.route({
        method: [...others],
        url,
        handler: async (request, reply) =>
          send(request, reply, methodNotAllowed(request.method, allowHeader)),
      });
    }
  }
};

/** The fastify application: envelopes, auth, scopes, request ids, 404/405/413/415 — no listening. */
export const buildHttpApp = (options: HttpAppOptions): FastifyInstance => {
  const app = Fastify({
    ...connectionOptions(options.connectionLimits ?? DEFAULT_CONNECTION_LIMITS),
    logger: options.logger,
    // fastify's own two lines per request (with the URL's query string) give way to one line of ours.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    rewriteUrl: (request) => routableUrl(request.url ?? '/'),
    // While closing, a request on a kept-alive connection gets the contract's envelope (below), not fastify's own body.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // Errors the router raises before any hook runs (a malformed percent-encoding in the path).
    frameworkErrors: (_error, request, reply) =>
      send(request, reply, { status: 400, body: failure('VALIDATION_ERROR', 'The URL is not valid.') }),
  });
  app.decorateRequest('session', null);
  if (options.scopeRequestIds === true) scopeRequestIds(app);
  registerRequestLog(app, options.observeRequest);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // The hooks every request passes take fastify's callback form: an async hook costs each request
  // a promise and its turns of the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close');
    send(request, reply, {
      status: 503,
      body: failure('SERVICE_UNAVAILABLE', 'The service is shutting down. Try again shortly.'),
    });
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // A request that finishes while the server closes takes its connection with it, or the
    // close would wait for the keep-alive timeout of each such connection.
    if (closing) reply.header('connection', 'close');
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    done(null, payload);
  });
  registerJsonParser(app);
  registerCompressionAndCors(app, options.cors);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const result = frameworkFailure(error);
    if (result.status >= 500) request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, { ...result, cause: undefined });
  });
  app.setNotFoundHandler((request, reply) => send(request, reply, NO_ROUTE));
  // Fastify routes only the methods it knows by default; the rest still deserve a 405 on a known path.
  // Without a body parser: nothing serves them, so whatever they carry is never read (a QUERY without
  // a content type was refused as unreadable before its 405).
  for (const method of OTHER_METHODS) app.addHttpMethod(method, { hasBody: false, overrideExisting: true });
  const services: RouteServices = {
    admit: options.admit,
    limiter: registerRateLimit(app, options.rateLimit ?? { perMinute: 0 }),
    idempotent: idempotency(options.idempotency),
  };
  // Once compression (and CORS) are in: they attach themselves to each route as it is added.
  app.after(() => {
    registerRoutes(app, options, services);
    if (options.mcp !== undefined) registerMcp(app, options.mcp, services);
  });
  return app;
};
