import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echoes the caller's X-Request-Id when it is a sane token, so it cannot inject into headers or logs. */
export const requestIdOf = (request: IncomingMessage): string => {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
};

/** The id of the request whose work is running, for what it does out of fastify's sight (its SQL). */
const requestInScope = new AsyncLocalStorage<string>();

/** The id of the request the caller runs for, if any (a webhook round runs for none). */
export const currentRequestId = (): string | undefined => requestInScope.getStore();

/**
 * Runs each request's hooks, handler and everything they await with its id in scope, so that a
 * statement logged at `debug` carries the id of the request that ran it (CONTRACT §1). It costs each
 * request a context, so the server adds it only when statements are logged.
 */
export const scopeRequestIds = (app: FastifyInstance): void => {
  app.addHook('onRequest', (request, _reply, done) => requestInScope.run(request.id, done));
};
