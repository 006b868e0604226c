import * as E from 'fp-ts/lib/Either.js';
import type { AppError } from '../../application/shared/errors.js';
import { MAX_ID } from '../../application/shared/fields.js';
import type { Unchanged } from '../../application/shared/list-version.js';
import type { CallGroup } from '../../application/workspace/scope-policy.js';
import type { AdmittedSession } from '../../application/workspace/workspace.js';
import { nodeHttp } from '../system/node-http.js';
import { etagOf, listEtag, listVersionIn, type Representation } from './conditional.js';
import { failure, success } from './envelope.js';
import { type HttpFailure, toHttpFailure } from './http-error.js';
import type { JsonSchema } from './openapi/json-schema.js';
import type { WireCodec } from './wire/wire-codecs.js';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
/**
 * Every other method Node's HTTP parser takes (`OPTIONS`, `TRACE`, `PROPFIND`, `QUERY`, …): a known
 * path answers each with 405 and `Allow` (CONTRACT §1). Not `HEAD`, which a GET route answers, nor
 * `CONNECT`, whose target is a host, not a path.
 */
export const OTHER_METHODS: readonly string[] = nodeHttp.METHODS.filter(
  (method) => method !== 'HEAD' && method !== 'CONNECT' && !METHODS.some((known) => known === method),
);
export type Method = (typeof METHODS)[number];

export interface ApiRequest {
  /** The workspace as the key's owner sees it, the key's scopes enforced. */
  readonly session: AdmittedSession;
  readonly params: Readonly<Record<string, string>>;
  readonly query: unknown;
  /** The parsed JSON body; `{}` when none was sent; an upload route's `SpooledUpload` (`Route.uploadLimitBytes`). */
  readonly body: unknown;
  /** The `If-Match` header as sent, if it was. */
  readonly ifMatch: string | undefined;
  /** The `If-None-Match` header as sent, if it was. */
  readonly ifNoneMatch: string | undefined;
  /**
   * Counts one more request of this caller against the rate limit: the 429 to answer when past it,
   * else null. Only a route that `countsItself` needs it (a batch counts each of its operations).
   */
  readonly chargeOne: () => Promise<Reply | null>;
  /** Where the request was sent (`https://host`), when it came over HTTP: for URLs an answer gives out. */
  readonly origin?: string;
}

export interface Reply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
  /**
   * Whether a part of the answer failed on the server's side (a batch's operation answered 5xx): an
   * `Idempotency-Key` then keeps nothing, as for a 5xx answer, so that a retry runs again.
   */
  readonly failedOnOurSide?: boolean;
  /** Values the answer shows once (a secret, a feed's URL): an `Idempotency-Key` keeps them as null. */
  readonly shownOnce?: readonly string[];
}

/** What the OpenAPI document says of an operation; the codecs are the ones its handler decodes with. */
export interface OperationDoc {
  readonly summary: string;
  readonly description?: string;
  /** The group it is listed under (`Tasks`). */
  readonly tag: string;
  /** Unique across the document; default `<group>.<operation>`. */
  readonly operationId?: string;
  readonly query?: WireCodec;
  readonly body?: WireCodec;
  /** The body's schema, for a body no wire codec reads (a batch's). */
  readonly bodySchema?: JsonSchema;
  readonly bodyExample?: unknown;
  /** The success answer: its status, the schema of its `data`, and an example of that `data`. */
  readonly answer: {
    readonly status: number;
    readonly data: JsonSchema;
    readonly example: unknown;
    /** Answers with an ETag (one record's, or a list's), and so 304 to a matching If-None-Match on a GET. */
    readonly etag?: boolean;
    /** A 201 with `Location` naming the new record. */
    readonly location?: boolean;
    /** A 410 when what the request points at is too old (an expired sync token). */
    readonly gone?: boolean;
    /** Also written as CSV (`format=csv`): an example of that text. */
    readonly csv?: string;
    /** Optional members beside `data` (a task's gamification feedback). */
    readonly beside?: Readonly<Record<string, JsonSchema>>;
    /** The answer is `data` itself, outside the success envelope (an export document). */
    readonly bare?: true;
  };
  /** A DELETE that a referencing record refuses with 409 (`CLIENT_IN_USE`, …). */
  readonly inUse?: boolean;
}

/**
 * A route that needs an API key allowed to run `operation` (its scope comes from the library's
 * table; delta sync's, per resource, from the session).
 */
export interface Route {
  readonly method: Method;
  readonly url: string;
  readonly operation: { readonly group: CallGroup; readonly name: string };
  readonly doc: OperationDoc;
  /**
   * The route counts against the rate limit itself (`chargeOne`) instead of once per request, when a
   * valid key came: a batch counts each of its operations. Without a valid key it counts as any.
   */
  readonly countsItself?: true;
  /**
   * Its answer or its body is a stream (a whole workspace): served over HTTP alone, never as a
   * batch's operation (whose answer is one JSON document) nor as an MCP tool (an agent's context).
   */
  readonly streamed?: true;
  /**
   * Its body is a document of up to this many bytes (413 past it), kept whole on disk and handed to
   * the route unparsed (`ApiRequest.body` is a `SpooledUpload`); such a POST takes no Idempotency-Key.
   */
  readonly uploadLimitBytes?: number;
  readonly handle: (request: ApiRequest) => Promise<Reply>;
}

/** What the document says of a route anyone may call; `answer` is its JSON body, or another media type. */
export interface PublicDoc {
  readonly summary: string;
  readonly description?: string;
  readonly tag: string;
  readonly operationId: string;
  readonly answer:
    | { readonly status: number; readonly schema: JsonSchema; readonly example?: unknown }
    | {
        readonly status: number;
        /** One, or each a route may answer with (the docs page's scripts, style sheets and images). */
        readonly mediaType: string | readonly string[];
        readonly description: string;
      };
  /** Other answers it may give in the error envelope: the codes of each status (the health check's 503). */
  readonly failures?: Readonly<Record<number, readonly string[]>>;
  /** Answers with a strong ETag, and 304 to a matching If-None-Match. */
  readonly etag?: true;
  readonly parameters?: readonly object[];
}

/** What a public route reads of its request besides the path. */
export interface PublicRequest {
  /** The `If-None-Match` header as sent, if it was. */
  readonly ifNoneMatch: string | undefined;
}

/** A route anyone may call. */
export interface PublicRoute {
  readonly method: Method;
  readonly url: string;
  /**
   * Not rate limited (the health check, for load balancers and probes); any other public route
   * counts against the caller's address, as requests without a key do (CONTRACT §8).
   */
  readonly unlimited?: boolean;
  readonly doc: PublicDoc;
  readonly handle: (params: Readonly<Record<string, string>>, request: PublicRequest) => Promise<Reply>;
}

const failureReply = (failure: HttpFailure): Reply => failure;

/** A path no route serves. */
export const NO_ROUTE: Reply = {
  status: 404,
  body: failure('NOT_FOUND', 'There is no such route. Paths start with /v1/ or /public-api/v1/.'),
};

/** A path served, but not with this method: 405 and `Allow` (`allow` as the header says it). */
export const methodNotAllowed = (method: string, allow: string, note = ''): Reply => ({
  status: 405,
  body: failure('METHOD_NOT_ALLOWED', `${method} is not allowed here. Allowed: ${allow}${note}.`),
  headers: { allow },
});

/**
 * One record's answer: `data.<key>` with the record as presented, and its strong ETag (of the record
 * itself). `extra` goes beside `data` (a task's gamification feedback), outside what the ETag covers.
 */
export const recordReply = <R extends object>(
  status: number,
  key: string,
  record: R,
  present: (record: R) => unknown,
  options: { readonly headers?: Readonly<Record<string, string>>; readonly extra?: object } = {},
): Reply => ({
  status,
  body: { ...success({ [key]: present(record) }), ...options.extra },
  headers: { ...options.headers, etag: etagOf(record) },
});

/** Waits for an operation and turns its outcome into a reply. */
export const respond = async <A>(
  outcome: Promise<E.Either<AppError, A>>,
  onSuccess: (value: A) => Reply,
): Promise<Reply> => {
  const settled = await outcome;
  return E.isRight(settled) ? onSuccess(settled.right) : failureReply(toHttpFailure(settled.left));
};

/**
 * A list's answer, conditional: with an `If-None-Match` naming a list version, `read` is asked for
 * the list only if that version moved (else 304, the page never read); either way the answer carries
 * the list's ETag.
 */
export const respondList = async <P extends { readonly version: string }>(
  ifNoneMatch: string | undefined,
  read: (knownVersion: string | undefined) => Promise<E.Either<AppError, P | Unchanged>>,
  present: (page: P) => Reply['body'],
  written: { readonly as: Representation; readonly headers: Readonly<Record<string, string>> } = {
    as: 'json',
    headers: {},
  },
): Promise<Reply> => {
  const settled = await read(listVersionIn(ifNoneMatch, written.as));
  if (E.isLeft(settled)) return failureReply(toHttpFailure(settled.left));
  const answer = settled.right;
  const etag = listEtag(answer.version, written.as);
  return 'unchanged' in answer
    ? { status: 304, body: undefined, headers: { etag } }
    : { status: 200, body: present(answer), headers: { ...written.headers, etag } };
};

/** Decodes a body or query with its wire codec, then runs `handle` on the application's input. */
export const withInput = <I>(
  wire: WireCodec<I>,
  input: unknown,
  handle: (decoded: I) => Promise<Reply>,
): Promise<Reply> => {
  const decoded = wire.decode(input);
  return E.isLeft(decoded)
    ? Promise.resolve(failureReply(toHttpFailure(decoded.left)))
    : handle(decoded.right);
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
