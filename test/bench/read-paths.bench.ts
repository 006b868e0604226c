/**
 * Load on the hot read paths of a real server process, measured with autocannon:
 *   npm run bench                      (SQLite)
 *   BENCH_DB=postgres npm run bench    (embedded PostgreSQL)
 * Prints requests per second and latency per path. Bounded: loopback only, a fixed duration.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../support/embedded-postgres.js';
import { cli, startServer } from '../support/processes.js';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const SEEDED_TASKS = 1000;

const directory = mkdtempSync(join(tmpdir(), 'workspace-bench-'));
chmodSync(directory, 0o755);
const postgres =
  process.env.BENCH_DB === 'postgres' ? await startEmbeddedPostgres(join(directory, 'pg')) : null;
const env = {
  DATABASE_URL: postgres ? await postgres.createDatabase('bench') : `sqlite:${join(directory, 'bench.db')}`,
  LOG_LEVEL: 'warn',
};

try {
  await cli(env, 'users', 'create', 'bench');
  const { key } = JSON.parse(
    await cli(env, 'keys', 'create', '--user', 'bench', '--scopes', 'tasks:*', '--json'),
  );
  const server = await startServer(env);
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  try {
    for (let i = 0; i < SEEDED_TASKS; i += 1) {
      const response = await fetch(`${server.baseUrl}/v1/tasks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          title: `Task ${i}`,
          priority: i % 4,
          status: i % 3,
          date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
        }),
      });
      if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
    }
    const paths = [
      ['health (no auth, select 1)', '/v1/health'],
      ['get one task', '/v1/tasks/500'],
      ['list 50 tasks', '/v1/tasks?limit=50'],
      ['list, filtered and sorted', '/v1/tasks?status=1&date_from=2026-03-10&sort=-date&limit=20'],
    ] as const;
    console.log(
      `database: ${postgres ? 'PostgreSQL (embedded)' : 'SQLite'}, ${SEEDED_TASKS} tasks, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each`,
    );
    console.log('path                              req/s     p50 ms   p99 ms   non-2xx');
    for (const [label, path] of paths) {
      const result = await autocannon({
        url: `${server.baseUrl}${path}`,
        connections: CONNECTIONS,
        duration: DURATION_SECONDS,
        headers,
      });
      console.log(
        `${label.padEnd(32)} ${result.requests.average.toFixed(0).padStart(7)} ${result.latency.p50.toFixed(1).padStart(9)} ${result.latency.p99.toFixed(1).padStart(8)} ${String(result.non2xx).padStart(9)}`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  await postgres?.stop();
  rmSync(directory, { recursive: true, force: true });
}
