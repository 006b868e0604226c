/**
 * A batch's figure (issue 31), per database, on the compiled service: task creates per second as 100
 * single POSTs, and as one atomic `POST /v1/batch` of 100 creates, each over 16 connections, in
 * alternating rounds. Titles vary per request, so no two requests are the same.
 */
import autocannon, { type Request } from 'autocannon';
import { cli } from '../test/support/processes.js';
import { median } from './load.js';
import { startService } from './processes.js';

const BATCH_SIZE = 100;
const ROUNDS = 3;
/**
 * Seconds of each kind of request before the rounds, so that a fresh server's hot code is compiled
 * before the first round: a shorter warm-up left the singles' first round slow, which raised the
 * ratio.
 */
const WARM_UP_SECONDS = 5;

export interface BatchFigures {
  readonly connections: number;
  readonly seconds: number;
  /** Tasks created per second by single POSTs. */
  readonly singles: { readonly tasksPerSecond: number; readonly p50Ms: number; readonly p99Ms: number };
  /** Tasks created per second by atomic batches of 100 (p50/p99: of a whole batch). */
  readonly batches: { readonly tasksPerSecond: number; readonly p50Ms: number; readonly p99Ms: number };
  /** Batched over single, the median of the rounds' ratios. */
  readonly ratio: number;
}

/** A request whose body is drawn anew each time (titles numbered on). */
const drawn = (path: string, body: (n: number) => object): Request => {
  let n = 0;
  return {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => {
      n += 1;
      return { ...request, body: JSON.stringify(body(n)) };
    },
  };
};

const single = drawn('/v1/tasks', (n) => ({ title: `single ${n}`, priority: n % 4 }));
const batch = drawn('/v1/batch', (n) => ({
  operations: Array.from({ length: BATCH_SIZE }, (_, i) => ({
    method: 'POST',
    path: '/v1/tasks',
    body: { title: `batch ${n}.${i}`, priority: i % 4 },
  })),
}));

/**
 * Waits until the writes still under way when a run ended are done: a create queues behind them (a
 * batch holds its owner's task numbers until it commits), so once it answers, the next run starts on
 * a quiet service.
 */
const settle = async (baseUrl: string, key: string) => {
  const response = await fetch(`${baseUrl}/v1/tasks`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'settled' }),
  });
  if (!response.ok) throw new Error(`the batch bench could not settle: ${response.status}`);
};

const run = async (baseUrl: string, key: string, request: Request, seconds: number, connections: number) => {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: { 'x-api-key': key },
    requests: [request],
  });
  if (result.non2xx + result.errors + result.timeouts > 0)
    throw new Error(`the batch bench got ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  await settle(baseUrl, key);
  return result;
};

export const runBatchBench = async (
  databaseUrl: string,
  options: { readonly seconds: number; readonly connections: number },
): Promise<BatchFigures> => {
  const env = { DATABASE_URL: databaseUrl };
  await cli(env, 'users', 'create', 'batches');
  const { key } = JSON.parse(
    await cli(env, 'keys', 'create', '--user', 'batches', '--scopes', 'tasks:*', '--json'),
  );
  const service = await startService(env);
  try {
    const { seconds, connections } = options;
    const singles: autocannon.Result[] = [];
    const batches: autocannon.Result[] = [];
    await run(service.baseUrl, key, single, WARM_UP_SECONDS, connections);
    await run(service.baseUrl, key, batch, WARM_UP_SECONDS, connections);
    for (let round = 0; round < ROUNDS; round += 1) {
      singles.push(await run(service.baseUrl, key, single, seconds, connections));
      batches.push(await run(service.baseUrl, key, batch, seconds, connections));
    }
    const figures = (results: autocannon.Result[], tasksEach: number) => ({
      tasksPerSecond: median(results.map((r) => r.requests.average * tasksEach)),
      p50Ms: median(results.map((r) => r.latency.p50)),
      p99Ms: median(results.map((r) => r.latency.p99)),
    });
    return {
      connections,
      seconds,
      singles: figures(singles, 1),
      batches: figures(batches, BATCH_SIZE),
      ratio: median(
        batches.map((b, i) => (b.requests.average * BATCH_SIZE) / (singles[i]?.requests.average ?? 1)),
      ),
    };
  } finally {
    await service.stop();
  }
};

/** The figures as a table under the database's section. */
export const batchTable = (figures: BatchFigures): string =>
  [
    `Batch (issue 31: ≥ 10×): task creates over ${figures.connections} connections, ${ROUNDS} rounds of ${figures.seconds} s each in turn`,
    '',
    '| | tasks/s | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    `| single \`POST /v1/tasks\` | ${figures.singles.tasksPerSecond.toFixed(0)} | ${figures.singles.p50Ms} | ${figures.singles.p99Ms} |`,
    `| atomic \`POST /v1/batch\` of ${BATCH_SIZE} creates (latency of a batch) | ${figures.batches.tasksPerSecond.toFixed(0)} | ${figures.batches.p50Ms} | ${figures.batches.p99Ms} |`,
    `| **batched / single** | **${figures.ratio.toFixed(1)}×** | | |`,
  ].join('\n');
