import * as E from 'fp-ts/lib/Either.js';
import {
  type BatchStep,
  type NotDone,
  runSteps,
  type StepResult,
} from '../../../application/batch/batch-steps.js';
import { BATCH_BODY_SCHEMA, readBatch } from '../batch/batch-body.js';
import { withIds } from '../batch/refs.js';
import { dispatcher } from '../dispatch.js';
import { failure, success } from '../envelope.js';
import { toHttpFailure } from '../http-error.js';
import { closedObject } from '../openapi/response-schemas.js';
import type { PublicRoute, Reply, Route } from '../route.js';

/** What one operation of a batch answered, as the batch's answer lists it. */
export interface OperationResult {
  readonly status: number;
  readonly body: unknown;
  /** Its ETag, when it answered one (for a later `If-Match`). */
  readonly headers?: { readonly etag: string };
}

const RESULT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['status', 'body'],
  properties: {
    status: { type: 'integer', description: 'The status it would have answered alone.' },
    body: { description: 'The body it would have answered alone (null for a 304).' },
    headers: {
      type: 'object',
      additionalProperties: false,
      properties: { etag: { type: 'string' } },
    },
  },
} as const;

/** The id of the record an answer holds (`data.task.id`, `data.id`), for the refs that name it. */
const idIn = (body: unknown): number | null => {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  const { data } = body;
  if (typeof data !== 'object' || data === null) return null;
  if ('id' in data && typeof data.id === 'number') return data.id;
  for (const value of Object.values(data))
    if (typeof value === 'object' && value !== null && 'id' in value && typeof value.id === 'number')
      return value.id;
  return null;
};

const notDoneReply = (why: NotDone): OperationResult => ({
  status: 424,
  body: failure(
    'FAILED_DEPENDENCY',
    why._tag === 'BatchFailed'
      ? `Not stored: operations[${why.failedStep}] failed, and the batch is atomic.`
      : `Not run: it uses $ref:${why.ref}, and operations[${why.step}], which has that ref, failed or answered no record.`,
  ),
});

/** What an operation answered, as the batch lists it. */
const resultOf = (reply: Reply): OperationResult => {
  const etag = reply.headers?.etag;
  return {
    status: reply.status,
    body: reply.body ?? null,
    ...(etag === undefined ? {} : { headers: { etag } }),
  };
};

/**
 * `POST /v1/batch` (CONTRACT §11): each operation found, counted, authorized and handled by its own
 * route exactly as if it came alone with the batch's key; what the batch adds is only the order, the
 * refs, and (atomic) one transaction.
 */
export const batchRoute = (routes: readonly Route[], publicRoutes: readonly PublicRoute[]): Route => {
  const dispatch = dispatcher(routes, publicRoutes);

  return {
    method: 'POST',
    url: '/v1/batch',
    operation: { group: 'batch', name: 'run' },
    countsItself: true,
    doc: {
      tag: 'Batch',
      summary: 'Run up to 100 operations in one request',
      description: [
        'Each operation is a request of this API (`method`, `path` with its query, `body`, and `If-Match`/`If-None-Match` as `headers`), found, rate-limited, authorized and answered exactly as if sent alone with the same key; `data.results` holds each answer, in order.',
        '`atomic: true` (the default) runs them in one transaction: the first that fails stops the batch, nothing is stored, its result carries its failure and every other result is 424 `FAILED_DEPENDENCY`. `atomic: false` runs each on its own; one that uses the id of an operation that failed is 424.',
        'A later operation may give `"$ref:<name>"` as an id — a path segment, or the value of an `id` or `*_id` field in its query or body — for the id of the record answered by the earlier operation whose `ref` is `<name>`. The rate limit counts each operation; an `Idempotency-Key` covers the whole batch. `/v1/batch` and `/v1/sync` cannot be operations.',
      ].join('\n\n'),
      bodySchema: BATCH_BODY_SCHEMA,
      bodyExample: {
        atomic: true,
        operations: [
          { method: 'POST', path: '/v1/projects', body: { name: 'Launch' }, ref: 'launch' },
          { method: 'POST', path: '/v1/tasks', body: { title: 'Write the post', project_id: '$ref:launch' } },
        ],
      },
      answer: {
        status: 200,
        data: closedObject({ results: { type: 'array', items: RESULT_SCHEMA } }),
        example: {
          results: [
            { status: 201, body: { success: true, data: { project: { id: 3, name: 'Launch' } } } },
            { status: 201, body: { success: true, data: { task: { id: 12, title: 'Write the post' } } } },
          ],
        },
      },
    },
    handle: async (request) => {
      const read = readBatch(request.body);
      if (E.isLeft(read)) return (await request.chargeOne()) ?? toHttpFailure(read.left);
      const { atomic, operations } = read.right;
      let cause: unknown;
      // What the operations' answers show once stays out of what an Idempotency-Key keeps too.
      const shownOnce: string[] = [];
      const steps = operations.map(
        (operation): BatchStep<OperationResult> => ({
          ref: operation.ref,
          uses: operation.uses,
          run: async (ids) => {
            const reply = await dispatch(request, {
              method: operation.method,
              ...withIds(operation, ids),
              ifMatch: operation.ifMatch,
              ifNoneMatch: operation.ifNoneMatch,
            });
            cause ??= reply.cause;
            shownOnce.push(...(reply.shownOnce ?? []));
            const result = resultOf(reply);
            return { ok: result.status < 400, id: idIn(result.body), answer: result };
          },
        }),
      );
      const outcome = await runSteps(
        (work) => request.session.batch(work, { allOrNothing: true, rerunnable: true }),
        steps,
        atomic,
      );
      if (E.isLeft(outcome)) return toHttpFailure(outcome.left);
      const results = outcome.right.map((result: StepResult<OperationResult>) =>
        result._tag === 'Answered' ? result.answer : notDoneReply(result.why),
      );
      const failedOnOurSide = results.some((result) => result.status >= 500);
      return { status: 200, body: success({ results }), cause, failedOnOurSide, shownOnce };
    },
  };
};
