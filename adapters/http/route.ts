import * as E from 'fp-ts/lib/Either.js';
import type * as TE from 'fp-ts/lib/TaskEither.js';
import type { Principal } from '../../application/api-keys/authenticate-api-key.use-case.js';
import type { AppError } from '../../application/shared/errors.js';
import { MAX_ID } from '../../application/shared/fields.js';
import type { Access, ScopedResource } from '../../domain/api-key/scope.js';
import { type HttpFailure, toHttpFailure } from './http-error.js';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** Methods answered with 405 on known paths that do not serve them. */
export const OTHER_METHODS = ['OPTIONS'] as const;
export type Method = (typeof METHODS)[number];

export interface ApiRequest {
  readonly principal: Principal;
  readonly params: Readonly<Record<string, string>>;
  readonly query: unknown;
  /** The parsed JSON body; `{}` when none was sent. */
  readonly body: unknown;
}

export interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

/** A route that needs an API key with `scope`. */
export interface Route {
  readonly method: Method;
  readonly url: string;
  readonly scope: { readonly resource: ScopedResource; readonly access: Access };
  readonly handle: (request: ApiRequest) => Promise<Reply>;
}

/** A route anyone may call. */
export interface PublicRoute {
  readonly method: Method;
  readonly url: string;
  readonly handle: () => Promise<Reply>;
}

const failureReply = (failure: HttpFailure): Reply => failure;

/** Runs a use case and turns its outcome into a reply. */
export const respond = async <A>(
  work: TE.TaskEither<AppError, A>,
  onSuccess: (value: A) => Reply,
): Promise<Reply> => {
  const outcome = await work();
  return E.isRight(outcome) ? onSuccess(outcome.right) : failureReply(toHttpFailure(outcome.left));
};

const ID = /^[1-9]\d{0,9}$/;

/** A path id: a positive 32-bit integer, anything else is "not found". */
const parsePathId = (text: string | undefined): number | null =>
  text !== undefined && ID.test(text) && Number(text) <= MAX_ID ? Number(text) : null;

const notFoundReply = (resource: string): Reply => toHttpFailure({ _tag: 'NotFound', resource });

/** Runs `handle` with the path's `id`, or answers 404 when it is not a valid id. */
export const withPathId =
  (resource: string, handle: (id: number, request: ApiRequest) => Promise<Reply>) =>
  (request: ApiRequest): Promise<Reply> => {
    const id = parsePathId(request.params.id);
    return id === null ? Promise.resolve(notFoundReply(resource)) : handle(id, request);
  };
