import { errorEnvelope } from './response-schemas.js';

/** Every error status an operation can answer, with the codes it carries and its headers. */
export const ERROR_RESPONSES = {
  400: {
    name: 'BadRequest',
    description:
      'A field, query parameter, the URL or the JSON is wrong; `details` lists every failing field. ' +
      'A list answers `INVALID_CURSOR` for a cursor it did not give out for these filters and sort; a sync `INVALID_SYNC_TOKEN` for a `since` it did not give out to this key for these resources; a report `REPORT_TOO_LARGE` past 10,000 groups.',
    codes: [
      'VALIDATION_ERROR',
      'TITLE_REQUIRED',
      'TITLE_TOO_LONG',
      'NAME_REQUIRED',
      'DESCRIPTION_REQUIRED',
      'INVALID_REFERENCE',
      'INVALID_CURSOR',
      'INVALID_SYNC_TOKEN',
      'REPORT_TOO_LARGE',
      'INVALID_JSON',
    ],
    headers: [],
  },
  401: {
    name: 'Unauthorized',
    description: 'No key (`UNAUTHORIZED`), or one that is malformed, unknown, revoked or expired.',
    codes: ['UNAUTHORIZED', 'INVALID_API_KEY'],
    headers: ['WWW-Authenticate'],
  },
  403: {
    name: 'Forbidden',
    description:
      'The key lacks the scope (`X-Accepted-Scopes` lists those that would do), or an assignee tried more than a status change.',
    codes: ['INSUFFICIENT_SCOPE', 'NOT_TASK_OWNER'],
    headers: ['X-Accepted-Scopes'],
  },
  404: {
    name: 'NotFound',
    description: 'The record does not exist or is not yours, or the id is not a positive 32-bit integer.',
    codes: ['NOT_FOUND'],
    headers: [],
  },
  408: {
    name: 'RequestTimeout',
    description: 'The request took too long to arrive; the connection is closed.',
    codes: ['REQUEST_TIMEOUT'],
    headers: [],
  },
  409: {
    name: 'Conflict',
    description:
      'A POST with this `Idempotency-Key` is still running (retry after `Retry-After`), a record still references the one being deleted, the user holds as many webhook subscriptions or calendar feeds as allowed, or an import meets a workspace that has records.',
    codes: [
      'IDEMPOTENCY_KEY_IN_USE',
      'CLIENT_IN_USE',
      'PROJECT_IN_USE',
      'CATEGORY_IN_USE',
      'CARD_IN_USE',
      'WEBHOOK_LIMIT_REACHED',
      'CALENDAR_FEED_LIMIT_REACHED',
      'WORKSPACE_NOT_EMPTY',
    ],
    headers: ['Retry-After'],
  },
  410: {
    name: 'Gone',
    description:
      'The sync token is older than the change log keeps (`SYNC_RETENTION_DAYS`): sync again without `since`.',
    codes: ['SYNC_TOKEN_EXPIRED'],
    headers: [],
  },
  412: {
    name: 'PreconditionFailed',
    description: 'The record changed since the ETag sent in `If-Match`; nothing was changed.',
    codes: ['PRECONDITION_FAILED'],
    headers: [],
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body is larger than 1 MiB (an import: 256 MiB).',
    codes: ['PAYLOAD_TOO_LARGE'],
    headers: [],
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'A body with a `Content-Type` other than `application/json`.',
    codes: ['UNSUPPORTED_MEDIA_TYPE'],
    headers: [],
  },
  422: {
    name: 'IdempotencyKeyReused',
    description: 'This `Idempotency-Key` was used within 24 h with another method, path or body.',
    codes: ['IDEMPOTENCY_KEY_REUSED'],
    headers: [],
  },
  431: {
    name: 'HeadersTooLarge',
    description: 'The request headers are larger than 16 KiB; the connection is closed.',
    codes: ['HEADERS_TOO_LARGE'],
    headers: [],
  },
  429: {
    name: 'RateLimited',
    description: 'Past the requests per minute allowed to this key (or address); retry after `Retry-After`.',
    codes: ['RATE_LIMITED'],
    headers: ['Retry-After'],
  },
  500: {
    name: 'InternalError',
    description: 'A bug; the log has it under the `X-Request-Id` of the answer.',
    codes: ['INTERNAL_ERROR'],
    headers: [],
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'The database does not answer, or the service is shutting down; retry after `Retry-After`.',
    codes: ['SERVICE_UNAVAILABLE'],
    headers: ['Retry-After'],
  },
} as const;

export type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** The `components.responses` entry of each error status. */
export const errorResponseComponents = (header: (name: string) => object): Record<string, object> =>
  Object.fromEntries(
    Object.values(ERROR_RESPONSES).map((response) => [
      response.name,
      {
        description: response.description,
        headers: Object.fromEntries(
          ['X-Request-Id', ...response.headers].map((name) => [name, header(name)]),
        ),
        content: { 'application/json': { schema: errorEnvelope(response.codes) } },
      },
    ]),
  );
