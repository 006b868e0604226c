import * as fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { UserSession } from '../../application/workspace/workspace.js';
import { apiDocument } from '../../bootstrap/http-server.js';
import { RECORD_RESOURCES } from '../../domain/api-key/scope.js';
import type { HttpWorld } from './http-world.js';
import { right } from './world.js';

/**
 * Property-based fuzzing of every keyed route through HTTP (fastify inject): bodies, query
 * strings, path ids and headers from fast-check, including huge, deeply nested, Unicode,
 * lone-surrogate and SQL-looking values. Each request must answer below 500 in the contract's
 * envelope with nothing internal in it, and a refused one must leave the workspace as it was.
 */

type Json = Record<string, unknown>;

export interface FuzzTarget {
  readonly method: string;
  readonly path: string;
  readonly bodyFields: readonly string[];
  readonly queryParameters: readonly string[];
}

const document = apiDocument() as { paths: Record<string, Record<string, Json>> };

/** The keyed operations of the document, with the names of their fields and parameters. */
export const fuzzTargets = (): FuzzTarget[] =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      // HEAD runs its GET and drops the body: the GET's cases cover it, and there is no envelope to read.
      // /mcp answers JSON-RPC, not the envelope: its tools are the routes fuzzed here (mcp-tools.spec).
      .filter(
        ([method, operation]) =>
          method !== 'head' && path !== '/mcp' && (operation.security as unknown[]).length > 0,
      )
      .map(([method, operation]) => {
        const body = (operation.requestBody as { content: Record<string, { schema: Json }> } | undefined)
          ?.content['application/json']?.schema;
        const properties = (body?.properties ?? {}) as Json;
        const parameters = ((operation.parameters ?? []) as { name?: string; in?: string }[])
          .filter((parameter) => parameter.in === 'query')
          .map((parameter) => parameter.name ?? '');
        return {
          method: method.toUpperCase(),
          path,
          bodyFields: Object.keys(properties),
          queryParameters: parameters,
        };
      }),
  );

const SQL_LIKE = [
  "'; DROP TABLE tasks; --",
  "' OR '1'='1",
  '1; SELECT * FROM api_keys',
  '%',
  '_',
  '\\',
  '%_\\%',
  "Robert'); DELETE FROM clients WHERE ('1'='1",
  '$1',
  '?',
];

/** Any text: ordinary, Unicode (astral and combining), lone surrogates, NUL, SQL-looking, huge. */
const text = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string(),
    fc.string({ unit: 'grapheme' }),
    fc.string({ unit: 'binary' }),
    fc.constantFrom(...SQL_LIKE, '\uD800', '\uDFFF', 'a\u0000b', '🎉'.repeat(200), 'é'.normalize('NFD')),
    fc.nat({ max: 300_000 }).map((n) => 'x'.repeat(n)),
    fc.constantFrom('2026-02-30', '2026-11-22T14:00:00Z', '9999:59:59', '1:00:00', '0', '-1', '1e400', ' '),
  );

// Deeper than the server takes (64), but within what JSON.stringify can write here.
const deeplyNested = fc.nat({ max: 1500 }).map((depth) => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? { a: value } : [value];
  return value;
});

/** Any JSON value a field might receive. */
const value = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    text(),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(0, 1, -1, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, 0.001, 12.345),
    fc.boolean(),
    fc.constant(null),
    fc.jsonValue({ maxDepth: 3 }),
    deeplyNested,
  );

/** Every path of the document, its ids a seeded record's, a missing one or a `$ref:`. */
const documentPaths = Object.keys(document.paths);
const operationPath = (known: readonly number[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...documentPaths),
        fc.oneof(
          fc.constantFrom(...known.map(String), '0', '2147483648', '$ref:a', '$ref:b'),
          text().map(percentEncode),
        ),
        fc.constantFrom('', '?limit=1', '?project_id=$ref:a', '?limit=x'),
      )
      .map(([path, id, search]) => `${path.replace('{id}', id).replace('{delivery_id}', id)}${search}`),
    text(),
  );

/** An operation of a batch: mostly well-formed, with any method, path, body, ref and headers. */
const batchOperation = (known: readonly number[]) =>
  fc.record(
    {
      method: fc.oneof(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'), text()),
      path: operationPath(known),
      body: fc.oneof(
        fc.dictionary(
          fc.constantFrom('title', 'name', 'status', 'project_id', 'client_id', 'task_id', 'id', 'price'),
          fc.oneof(value(), fc.constantFrom('$ref:a', '$ref:b')),
          { maxKeys: 4 },
        ),
        value(),
      ),
      ref: fc.oneof(fc.constantFrom('a', 'b'), text()),
      headers: fc.oneof(fc.record({ 'If-Match': text() }, { requiredKeys: [] }), value()),
    },
    { requiredKeys: ['method', 'path'] },
  );

/** A batch's body: operations as above, atomic or not (or anything in their places). */
const batchBody = (known: readonly number[]) =>
  fc
    .record(
      {
        atomic: fc.oneof(fc.boolean(), value()),
        operations: fc.oneof(fc.array(batchOperation(known), { maxLength: 6 }), value()),
      },
      { requiredKeys: ['operations'] },
    )
    .map((batch) => ({ payload: JSON.stringify(batch) }));

/** A body: the route's own fields with any values (and stray keys), any JSON, or no JSON at all. */
const body = (
  target: FuzzTarget,
  known: readonly number[],
): fc.Arbitrary<{ payload?: string; contentType?: string }> =>
  fc.oneof(
    ...(target.path === '/v1/batch' ? [batchBody(known), batchBody(known)] : []),
    fc
      .dictionary(
        fc.oneof(
          fc.constantFrom(...(target.bodyFields.length > 0 ? target.bodyFields : ['title'])),
          text(),
          fc.constantFrom('__proto__', 'constructor', 'id', 'owner_id'),
        ),
        value(),
        { maxKeys: 8 },
      )
      .map((object) => ({ payload: JSON.stringify(object) })),
    value().map((any) => ({ payload: JSON.stringify(any) })),
    text().map((raw) => ({ payload: raw })),
    fc.record({
      payload: text(),
      contentType: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', ''),
    }),
  );

/** Percent-encoding; a lone surrogate has no UTF-8 form, so it goes as the bytes of one (invalid UTF-8). */
const percentEncode = (raw: string): string => {
  try {
    return encodeURIComponent(raw);
  } catch {
    const bytes = [...Buffer.from(raw, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`);
    return `${bytes.join('')}%ED%A0%80`;
  }
};

/** A query string: the route's parameters and others, any text, sometimes repeated. */
const query = (target: FuzzTarget): fc.Arbitrary<string> =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...(target.queryParameters.length > 0 ? target.queryParameters : ['limit'])),
          text(),
        ),
        text(),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => pairs.map(([name, given]) => `${percentEncode(name)}=${percentEncode(given)}`).join('&'));

/** A path id: one of the owner's records, or anything else. */
const pathId = (known: readonly number[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...known.map(String)),
    fc.constantFrom(
      '0',
      '-1',
      '2147483648',
      '99999999999999999999',
      '1.5',
      '1e3',
      '0x10',
      '%00',
      '..%2F..',
      '%E2%80%AE',
    ),
    text().map(percentEncode),
  );

const headers = fc.record(
  {
    'idempotency-key': text(),
    'if-match': fc.oneof(text(), fc.constant('*')),
    'if-none-match': text(),
    'x-request-id': text(),
  },
  { requiredKeys: [] },
);

/** What an answer may never show: a stack, SQL, a file path of ours. */
const INTERNAL = [
  /\bat [^\s]+ \(/,
  /node_modules|\/dist\/|\.ts:\d+|\.js:\d+/,
  /SQLITE_|syntax error|violates|constraint|\bselect\b.+\bfrom\b|\binsert into\b/i,
];

export const checkEnvelope = (response: LightMyRequestResponse): void =>
  checkAnswer(response.statusCode, response.body);

/** An answer (its status and body as sent) in the envelope, with nothing internal in it. */
const checkAnswer = (status: number, text: string): void => {
  const response = { statusCode: status, body: text };
  if (response.statusCode >= 500) throw new Error(`a ${response.statusCode}: ${response.body}`);
  if (response.statusCode === 304) return;
  const parsed: unknown = JSON.parse(response.body);
  // The one answer outside the envelope: the export document, bare (CONTRACT §12).
  const exported =
    status === 200 &&
    typeof parsed === 'object' &&
    parsed !== null &&
    (parsed as Json).format === 'workspace-api/export';
  if (exported) return;
  if (typeof parsed !== 'object' || parsed === null || typeof (parsed as Json).success !== 'boolean')
    throw new Error(`not the envelope: ${response.body.slice(0, 500)}`);
  if ((parsed as Json).success === false) {
    const error = (parsed as { error?: { code?: unknown; message?: unknown } }).error;
    if (typeof error?.code !== 'string' || !/^[A-Z_]+$/.test(error.code) || typeof error.message !== 'string')
      throw new Error(`a failure without code and message: ${response.body.slice(0, 500)}`);
    const leak = INTERNAL.find((pattern) => pattern.test(response.body));
    if (leak !== undefined)
      throw new Error(`an internal detail (${leak}) in: ${response.body.slice(0, 500)}`);
  }
};

/**
 * A batch's results each hold to the envelope as a request alone would; whether one failed in an
 * atomic batch (the batch then stored nothing).
 */
const refusedAtomically = (payload: string | undefined, response: LightMyRequestResponse): boolean => {
  const results: { status: number; body: unknown }[] = JSON.parse(response.body).data.results;
  for (const result of results) {
    if (result.status >= 500)
      throw new Error(`an operation answered ${result.status}: ${response.body.slice(0, 500)}`);
    if (result.status !== 304) checkAnswer(result.status, JSON.stringify(result.body));
  }
  const atomic = (JSON.parse(payload ?? '{}') as { atomic?: unknown }).atomic;
  return atomic !== false && atomic !== 0 && results.some((result) => result.status >= 400);
};

/** Alice's seeded records, by resource, and what the workspace holds. */
export interface Seeded {
  readonly ids: Readonly<Record<string, readonly number[]>>;
  snapshot(): Promise<string>;
}

export const seed = async (alice: UserSession): Promise<Seeded> => {
  const client = await right(alice.clients.create({ name: 'Acme' }));
  const project = await right(alice.projects.create({ name: 'Site', clientId: client.id }));
  const category = await right(alice.categories.create({ name: 'Deep work' }));
  const card = await right(alice.cards.create({ name: 'Main' }));
  const other = await right(alice.cards.create({ name: 'Savings' }));
  const task = await right(alice.tasks.create({ title: "O'Brien; DROP TABLE", projectId: project.id }));
  const done = await right(alice.tasks.create({ title: '100% _done_', status: 2 }));
  const note = await right(alice.notes.create({ name: 'n', description: "%'_\\" }));
  const time = await right(alice.times.create({ timeReally: 3600, taskId: task.id }));
  const money = await right(alice.moneys.create({ type: 3, price: 10, card: card.id, toCard: other.id }));
  // A literal public address: nothing is resolved, and nothing is sent (the world has no worker).
  const webhook = await right(alice.webhooks.create({ url: 'https://93.184.215.14/hook', events: ['*'] }));
  const ids = {
    tasks: [task.id, done.id],
    clients: [client.id],
    projects: [project.id],
    notes: [note.id],
    categories: [category.id],
    cards: [card.id, other.id],
    times: [time.id],
    moneys: [money.id],
    webhooks: [webhook.webhook.id],
  };
  const everything = async () => {
    const lists = await Promise.all([
      alice.tasks.list({ limit: 100, active: true }),
      alice.tasks.list({ limit: 100, active: false }),
      ...RECORD_RESOURCES.filter((r) => r !== 'tasks').flatMap((resource) => [
        // biome-ignore lint/suspicious/noExplicitAny: every record list takes limit and offset
        (alice[resource] as any).list({ limit: 100 }),
      ]),
      alice.clients.list({ limit: 100, active: false }),
      alice.categories.list({ limit: 100, active: false }),
      alice.cards.list({ limit: 100, active: false }),
      alice.gamification.profile(),
      alice.webhooks.list(),
      ...ids.tasks.map((id) => alice.tasks.history(id, { limit: 100 })),
    ]);
    return JSON.stringify(lists);
  };
  return { ids, snapshot: everything };
};

export interface FuzzOptions {
  readonly runs: number;
  readonly seed: number;
}

/** Fuzzes one route; throws (with fast-check's seed and path to replay it) on the first broken rule. */
export const fuzzRoute = async (
  world: HttpWorld,
  key: string,
  seeded: Seeded,
  target: FuzzTarget,
  options: FuzzOptions,
): Promise<void> => {
  const resource = target.path.split('/')[2] ?? 'tasks';
  const known = seeded.ids[resource] ?? [1];
  let baseline = await seeded.snapshot();
  const property = fc.assert(
    fc.asyncProperty(
      pathId(known),
      query(target),
      body(target, known),
      headers,
      async (id, search, sent, extra) => {
        // A delivery id, where the route has one, is as arbitrary as the record id.
        const path = target.path.replace('{id}', id).replace('{delivery_id}', id);
        const url = `${path}${search === '' ? '' : `?${search}`}`;
        const request: InjectOptions = {
          method: target.method as InjectOptions['method'],
          url,
          headers: {
            authorization: `Bearer ${key}`,
            ...extra,
            ...(target.method === 'GET' || target.method === 'DELETE'
              ? {}
              : { 'content-type': sent.contentType ?? 'application/json' }),
          },
          ...(target.method === 'GET' || sent.payload === undefined ? {} : { payload: sent.payload }),
        };
        let response: LightMyRequestResponse;
        try {
          response = await world.app.inject(request);
        } catch (error) {
          // Node refuses some header values before they are sent (control characters): not a request.
          if (error instanceof TypeError && /header/i.test(error.message)) return;
          throw error;
        }
        checkEnvelope(response);
        const refusedInAnAtomicBatch =
          target.path === '/v1/batch' &&
          response.statusCode === 200 &&
          refusedAtomically(sent.payload, response);
        const after = await seeded.snapshot();
        if ((response.statusCode >= 400 || refusedInAnAtomicBatch) && after !== baseline) {
          throw new Error(
            `a refused request (${response.statusCode} ${response.body.slice(0, 300)}) changed the workspace`,
          );
        }
        baseline = after;
      },
    ),
    { numRuns: options.runs, seed: options.seed, endOnFailure: true },
  );
  await property.catch((error: Error) => {
    // fast-check's report names the seed and path that replay it; long runs of one character are abbreviated.
    const report = error.message.replace(/(.)\1{99,}/g, (run, char: string) => `${char}…(×${run.length})`);
    throw new Error(`${report.slice(0, 4000)}\n${String((error as { cause?: unknown }).cause ?? '')}`);
  });
};
