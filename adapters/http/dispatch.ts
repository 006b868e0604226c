import * as E from 'fp-ts/lib/Either.js';
import type { AdmittedSession } from '../../application/workspace/workspace.js';
import { routeMatcher } from './batch/route-matcher.js';
import { noneMatch } from './conditional.js';
import { toHttpFailure } from './http-error.js';
import { chargeWith } from './rate-limit.js';
import {
  type Method,
  methodNotAllowed,
  NO_ROUTE,
  type PublicRoute,
  type Reply,
  type Route,
} from './route.js';

/** A query string as the router reads one: each name to its value, or to its values when repeated. */
export type Query = Readonly<Record<string, string | readonly string[]>>;

/** A request of this API made without HTTP around it: an operation of a batch, an MCP tool's call. */
export interface InnerRequest {
  readonly method: Method;
  /** The path, without its query. */
  readonly path: string;
  readonly query: Query;
  /** The JSON body; undefined when there is none. */
  readonly body: unknown;
  readonly ifMatch: string | undefined;
  readonly ifNoneMatch: string | undefined;
}

/** Who makes it: the session of the request it came in, and how one more request of theirs is counted. */
export interface Caller {
  readonly session: AdmittedSession;
  /** The rate limit's refusal when past it, else null (`ApiRequest.chargeOne`). */
  readonly chargeOne: () => Promise<Reply | null>;
  /** Where the request it came in was sent, when over HTTP (`ApiRequest.origin`). */
  readonly origin?: string;
}

export type Dispatch = (caller: Caller, request: InnerRequest) => Promise<Reply>;

/**
 * Answers a request made without HTTP around it exactly as the server answers it over HTTP: found
 * as the router finds it (404, 405), counted against the rate limit, its scope checked before its
 * input is read, then handled by its route (a GET whose ETag the caller holds: 304, no body).
 */
export const dispatcher = (routes: readonly Route[], publicRoutes: readonly PublicRoute[]): Dispatch => {
  const keyed = routeMatcher(routes);
  const open = routeMatcher(publicRoutes);
  return async (caller, request) => {
    const publicMatch = open(request.method, request.path);
    const match = publicMatch.kind === 'found' ? publicMatch : keyed(request.method, request.path);
    switch (match.kind) {
      case 'none':
        return NO_ROUTE;
      case 'method':
        return methodNotAllowed(request.method, match.allow);
      case 'found':
        break;
    }
    const { route, params } = match;
    if (!('operation' in route))
      return (await caller.chargeOne()) ?? route.handle(params, { ifNoneMatch: request.ifNoneMatch });
    // Admitted as a request of its own: the key read, counted (unless it counts itself: a batch,
    // its operations), the scope checked.
    const countsItself = 'countsItself' in route && route.countsItself === true;
    const admitted = await caller.session.admit(
      route.operation.group,
      route.operation.name,
      countsItself ? undefined : chargeWith(caller.chargeOne),
    );
    if (E.isLeft(admitted))
      return admitted.left._tag === 'RateLimited' ? admitted.left.reply : toHttpFailure(admitted.left);
    const reply = await route.handle({
      session: admitted.right,
      params,
      query: request.query,
      body: request.body === undefined ? {} : request.body,
      ifMatch: request.ifMatch,
      ifNoneMatch: request.ifNoneMatch,
      chargeOne: caller.chargeOne,
      origin: caller.origin,
    });
    const etag = reply.headers?.etag;
    const readsOne = request.method === 'GET' && reply.status === 200;
    return readsOne && etag !== undefined && !noneMatch(request.ifNoneMatch, etag)
      ? { status: 304, body: undefined, headers: { etag } }
      : reply;
  };
};
