import * as E from 'fp-ts/lib/Either.js';
import { MAX_BATCH_OPERATIONS } from '../../../application/batch/batch-steps.js';
import { validationFailed } from '../../../application/shared/decode.js';
import type { ValidationFailed } from '../../../application/shared/errors.js';
import type { ValidationDetail } from '../../../application/shared/validation-detail.js';
import type { JsonSchema } from '../openapi/json-schema.js';
import { METHODS, type Method } from '../route.js';
import { isRefName, type Query, REF_NAME_PATTERN, refsOf } from './refs.js';
import { pathSegments } from './route-matcher.js';

/** One operation of a batch, read: what a request alone would have carried. */
export interface BatchOperation {
  readonly method: Method;
  /** The path's segments after its leading slash; `$ref:` ids still in them. */
  readonly segments: readonly string[];
  readonly query: Query;
  /** The JSON body; undefined when none was given (as a request without a body). */
  readonly body: unknown;
  readonly ifMatch: string | undefined;
  readonly ifNoneMatch: string | undefined;
  readonly ref: string | undefined;
  /** The refs it uses, each named by an earlier operation. */
  readonly uses: readonly string[];
}

export interface BatchRequest {
  readonly atomic: boolean;
  readonly operations: readonly BatchOperation[];
}

const MAX_PATH_LENGTH = 2048;
/** Where an operation may go: the API's own routes, but not a batch (no nesting) nor a sync. */
const API_PATH = /^\/(?:public-api\/)?v1\//;
const NOT_IN_A_BATCH = /^\/(?:public-api\/)?v1\/(?:batch|sync)\/?(?:\?|$)/;
const HEADERS = new Map<string, 'ifMatch' | 'ifNoneMatch'>([
  ['if-match', 'ifMatch'],
  ['if-none-match', 'ifNoneMatch'],
]);
const OPERATION_FIELDS = new Set(['method', 'path', 'body', 'ref', 'headers']);

const detail = (field: string, code: ValidationDetail['code'], message: string): ValidationDetail => ({
  field,
  code,
  message,
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The query string as the router reads one: each name to its value, or to its values when repeated. */
const queryOf = (text: string): Query => {
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    const before = query[name];
    query[name] = before === undefined ? value : [...(typeof before === 'string' ? [before] : before), value];
  }
  return query;
};

const headersOf = (
  value: unknown,
  at: string,
  problems: ValidationDetail[],
): { ifMatch?: string; ifNoneMatch?: string } => {
  if (value === undefined) return {};
  if (!isObject(value)) {
    problems.push(detail(at, 'INVALID_TYPE', 'must be an object of header names and values'));
    return {};
  }
  const headers: { ifMatch?: string; ifNoneMatch?: string } = {};
  for (const [name, text] of Object.entries(value)) {
    const known = HEADERS.get(name.toLowerCase());
    if (known === undefined)
      problems.push(
        // Lower case: a detail names fields as the wire does, and header names are not case-sensitive.
        detail(
          `${at}.${name.toLowerCase()}`,
          'UNKNOWN_FIELD',
          'only If-Match and If-None-Match go with an operation',
        ),
      );
    else if (typeof text !== 'string')
      problems.push(detail(`${at}.${name.toLowerCase()}`, 'INVALID_TYPE', 'must be a string'));
    else headers[known] = text;
  }
  return headers;
};

const operationOf = (
  value: unknown,
  at: string,
  problems: ValidationDetail[],
): Omit<BatchOperation, 'uses'> | null => {
  if (!isObject(value)) {
    problems.push(detail(at, 'INVALID_TYPE', 'must be an object with method and path'));
    return null;
  }
  const before = problems.length;
  for (const key of Object.keys(value))
    if (!OPERATION_FIELDS.has(key))
      problems.push(detail(`${at}.${key}`, 'UNKNOWN_FIELD', 'is not a field of an operation'));
  const asked = value.method;
  const method = METHODS.find((known) => known === asked);
  if (asked === undefined) problems.push(detail(`${at}.method`, 'REQUIRED', 'is required'));
  else if (method === undefined)
    problems.push(detail(`${at}.method`, 'INVALID_FORMAT', `must be one of ${METHODS.join(', ')}`));
  const { path } = value;
  if (path === undefined) problems.push(detail(`${at}.path`, 'REQUIRED', 'is required'));
  else if (typeof path !== 'string') problems.push(detail(`${at}.path`, 'INVALID_TYPE', 'must be a string'));
  else if (path.length > MAX_PATH_LENGTH)
    problems.push(detail(`${at}.path`, 'TOO_LONG', `must be at most ${MAX_PATH_LENGTH} characters`));
  else if (!API_PATH.test(path))
    problems.push(
      detail(`${at}.path`, 'INVALID_FORMAT', 'must be a path of this API, starting /v1/ or /public-api/v1/'),
    );
  else if (NOT_IN_A_BATCH.test(path))
    problems.push(detail(`${at}.path`, 'INVALID_FORMAT', 'a batch cannot hold a batch or a sync'));
  const { ref } = value;
  if (ref !== undefined && (typeof ref !== 'string' || !isRefName(ref)))
    problems.push(detail(`${at}.ref`, 'INVALID_FORMAT', 'must be 1 to 64 letters, digits, _ . or -'));
  const headers = headersOf(value.headers, `${at}.headers`, problems);
  if (problems.length > before || typeof path !== 'string' || method === undefined) return null;
  const [pathPart = '', queryPart = ''] = path.split(/\?(.*)/s);
  return {
    method,
    segments: pathSegments(pathPart),
    query: queryOf(queryPart),
    body: value.body,
    ifMatch: headers.ifMatch,
    ifNoneMatch: headers.ifNoneMatch,
    ref: typeof ref === 'string' ? ref : undefined,
  };
};

/** Each `$ref:` an operation uses must name an earlier operation's `ref`; no `ref` twice. */
const withUses = (
  operations: readonly Omit<BatchOperation, 'uses'>[],
  problems: ValidationDetail[],
): BatchOperation[] => {
  const named = new Map<string, number>();
  return operations.map((operation, index) => {
    const uses: string[] = [];
    for (const { name, at } of refsOf(operation.segments, operation.query, operation.body)) {
      if (named.has(name)) uses.push(name);
      else
        problems.push(
          detail(`operations[${index}].${at}`, 'NOT_FOUND', `no earlier operation has the ref ${name}`),
        );
    }
    if (operation.ref !== undefined) {
      const first = named.get(operation.ref);
      if (first !== undefined)
        problems.push(
          detail(`operations[${index}].ref`, 'INVALID_FORMAT', `is already the ref of operations[${first}]`),
        );
      else named.set(operation.ref, index);
    }
    return { ...operation, uses };
  });
};

/** Reads a batch's body (CONTRACT §11), or says each thing wrong with it, by field. */
export const readBatch = (body: unknown): E.Either<ValidationFailed, BatchRequest> => {
  const problems: ValidationDetail[] = [];
  if (!isObject(body))
    return E.left(validationFailed([detail('body', 'INVALID_TYPE', 'must be a JSON object')]));
  for (const key of Object.keys(body))
    if (key !== 'atomic' && key !== 'operations')
      problems.push(detail(key, 'UNKNOWN_FIELD', 'is not a field of a batch'));
  const { atomic, operations } = body;
  if (atomic !== undefined && atomic !== true && atomic !== false && atomic !== 0 && atomic !== 1)
    problems.push(detail('atomic', 'INVALID_TYPE', 'must be true or false (or 1 or 0)'));
  if (operations === undefined) problems.push(detail('operations', 'REQUIRED', 'is required'));
  else if (!Array.isArray(operations))
    problems.push(detail('operations', 'INVALID_TYPE', 'must be an array'));
  else if (operations.length < 1 || operations.length > MAX_BATCH_OPERATIONS)
    problems.push(
      detail(
        'operations',
        'OUT_OF_RANGE',
        `must hold 1 to ${MAX_BATCH_OPERATIONS} operations (it holds ${operations.length})`,
      ),
    );
  if (problems.length > 0 || !Array.isArray(operations)) return E.left(validationFailed(problems));
  const read = operations.map((operation, index) => operationOf(operation, `operations[${index}]`, problems));
  const complete = read.filter((operation) => operation !== null);
  const checked = withUses(complete, problems);
  if (problems.length > 0 || complete.length !== read.length) return E.left(validationFailed(problems));
  return E.right({ atomic: atomic === undefined || atomic === true || atomic === 1, operations: checked });
};

const OPERATION_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['method', 'path'],
  properties: {
    method: {
      type: 'string',
      enum: [...METHODS],
      description: 'The HTTP method the operation would be sent with.',
    },
    path: {
      type: 'string',
      maxLength: MAX_PATH_LENGTH,
      pattern: '^/(public-api/)?v1/',
      description:
        'A path of this API with its query string, as it would be requested alone (not /v1/batch or /v1/sync). A segment `$ref:<name>` is the id of the record the earlier operation with that `ref` answered with.',
    },
    body: {
      description: 'The JSON body it would carry. Any `id` or `*_id` value `"$ref:<name>"` is that id.',
    },
    ref: {
      type: 'string',
      pattern: REF_NAME_PATTERN,
      description:
        'A name for the id of the record this operation answers with, for later operations to use.',
    },
    headers: {
      type: 'object',
      // If-Match and If-None-Match, in any case.
      propertyNames: { pattern: '^[Ii][Ff]-(?:[Mm][Aa][Tt][Cc][Hh]|[Nn][Oo][Nn][Ee]-[Mm][Aa][Tt][Cc][Hh])$' },
      additionalProperties: { type: 'string' },
      description: 'The conditional headers it would carry: `If-Match`, `If-None-Match` (names in any case).',
    },
  },
};

/** The body's JSON Schema, for the document. */
export const BATCH_BODY_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['operations'],
  properties: {
    atomic: {
      type: 'boolean',
      default: true,
      description:
        'true: all in one transaction; the first operation that fails stops the batch and nothing is stored. false: each on its own.',
    },
    operations: { type: 'array', minItems: 1, maxItems: MAX_BATCH_OPERATIONS, items: OPERATION_SCHEMA },
  },
};
