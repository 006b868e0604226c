import { absurd } from 'fp-ts/lib/function.js';
import type { AppError } from '../../application/shared/errors.js';
import type { ValidationDetail } from '../../application/shared/validation-detail.js';
import { type ErrorBody, failure } from './envelope.js';
import { wireName } from './wire/wire-codecs.js';

export interface HttpFailure {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers?: Readonly<Record<string, string>>;
  /** For the log only; never sent. */
  readonly cause?: unknown;
}

export const WWW_AUTHENTICATE = { 'www-authenticate': 'Bearer realm="workspace-api"' } as const;

/** Details name fields as the application does (`projectId`); the wire says `project_id`. */
const onTheWire = (details: readonly ValidationDetail[]): ValidationDetail[] =>
  details.map((detail) => ({
    ...detail,
    field: wireName(detail.field),
    message: wireMessage(detail.message),
  }));

/** Messages may quote field names too (`projectId differs from …`). */
const wireMessage = (message: string): string => message.replace(/\b[a-z]+(?:[A-Z][a-z]*)+\b/g, wireName);

/** The one place where application errors become HTTP statuses. */
export const toHttpFailure = (error: AppError): HttpFailure => {
  switch (error._tag) {
    case 'ValidationFailed':
      return { status: 400, body: failure(error.code, error.message, onTheWire(error.details)) };
    case 'InvalidReference':
      return {
        status: 400,
        body: failure(
          'INVALID_REFERENCE',
          'A referenced record does not exist or is not yours.',
          onTheWire(error.details),
        ),
      };
    case 'UnreadableDocument':
      return { status: 400, body: failure('INVALID_JSON', error.message) };
    case 'InvalidCursor':
      return {
        status: 400,
        body: failure(
          'INVALID_CURSOR',
          'The cursor was not given out by this list for these filters and sort; ask again without it.',
        ),
      };
    case 'InvalidSyncToken':
      return {
        status: 400,
        body: failure(
          'INVALID_SYNC_TOKEN',
          'The since token was not given out to this key for these resources; sync again without it.',
        ),
      };
    case 'SyncTokenExpired':
      return {
        status: 410,
        body: failure(
          'SYNC_TOKEN_EXPIRED',
          `The since token is older than the ${error.retentionDays} days the change log keeps; sync again without it.`,
        ),
      };
    case 'ReportTooLarge':
      return {
        status: 400,
        body: failure(
          'REPORT_TOO_LARGE',
          `The report would have more than ${error.maxGroups.toLocaleString('en')} groups; group by fewer keys or narrow the filters.`,
        ),
      };
    case 'NotFound':
      return { status: 404, body: failure('NOT_FOUND', `The ${error.resource} was not found.`) };
    case 'NotTaskOwner':
      return {
        status: 403,
        body: failure(
          'NOT_TASK_OWNER',
          'Only the task owner may do this; an assignee may only change its status.',
        ),
      };
    case 'Conflict':
      return { status: 409, body: failure(error.code, error.message) };
    case 'PreconditionFailed':
      return {
        status: 412,
        body: failure(
          'PRECONDITION_FAILED',
          'The record has changed since the ETag in If-Match was read; GET it again and retry.',
        ),
      };
    case 'Unauthenticated':
      return error.reason === 'missing'
        ? { status: 401, body: failure('UNAUTHORIZED', 'An API key is required.'), headers: WWW_AUTHENTICATE }
        : {
            status: 401,
            body: failure('INVALID_API_KEY', 'The API key is malformed, unknown, revoked or expired.'),
            headers: WWW_AUTHENTICATE,
          };
    case 'InsufficientScope':
      return {
        status: 403,
        body: failure(
          'INSUFFICIENT_SCOPE',
          `This key needs the ${error.needed} (or ${error.accepted.filter((s) => s !== error.needed).join(', ')}) scope.`,
        ),
        headers: { 'x-accepted-scopes': error.accepted.join(', ') },
      };
    case 'UnknownUser':
      // Only a host's own sessions can name a user id; over HTTP the key's user is gone.
      return {
        status: 401,
        body: failure('INVALID_API_KEY', 'The API key is malformed, unknown, revoked or expired.'),
        headers: WWW_AUTHENTICATE,
      };
    case 'Closed':
      // Only a host that closed its workspace under a running server sees this: it is going away.
      return {
        status: 503,
        body: failure('SERVICE_UNAVAILABLE', 'The service is shutting down. Try again later.'),
        headers: { 'retry-after': '5' },
      };
    case 'Unavailable':
      return {
        status: 503,
        body: failure('SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Try again later.'),
        headers: { 'retry-after': '5' },
        cause: error.cause,
      };
    case 'Unexpected':
      return {
        status: 500,
        body: failure('INTERNAL_ERROR', 'Something went wrong on our side.'),
        cause: error.cause,
      };
    default:
      return absurd(error);
  }
};
