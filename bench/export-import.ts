/**
 * The export and import of a large workspace (CONTRACT §12, issue 60) on the compiled service: an
 * owner with many tasks and time records exported with `GET /v1/export` to a file, and that file
 * imported with `POST /v1/import` as another user. Measured: each one's time to its end, and how far
 * the service's resident memory rose above where it stood before the request (sampled every 50 ms).
 * Run by `npm run bench` and by `npm run bench:portability`; its section of RESULTS.md is theirs.
 */
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { startEmbeddedPostgres } from '../test/support/embedded-postgres.js';
import { cli } from '../test/support/processes.js';
import { type Dialect, openDb } from './ceiling/driver.js';
import { memoryLimitNote } from './memory-limit.js';
import { rssMb, startService } from './processes.js';
import { seedOwner } from './seed.js';

/** Where RESULTS.md's export and import section begins; it ends where the next section's marker does. */
export const PORTABILITY_MARKER =
  '<!-- export and import: written by npm run bench or npm run bench:portability -->';

/** The size measured: the exported owner's tasks and time records. */
export interface PortabilitySize {
  readonly tasks: number;
  readonly times: number;
}

const EVERY_SCOPE = 'tasks:*,clients:*,projects:*,notes:*,categories:*,cards:*,times:*,moneys:*';

export interface Figures {
  readonly dialect: Dialect;
  readonly direction: 'export' | 'import';
  readonly tasks: number;
  readonly times: number;
  readonly seconds: number;
  readonly megabytes: number;
  readonly rssBeforeMb: number;
  readonly rssGrowthMb: number;
}

/** Runs `work` against the service, timing it and sampling the service's RSS every 50 ms. */
const measured = async (pid: number, work: () => Promise<number>) => {
  const rssBeforeMb = rssMb(pid);
  let peak = rssBeforeMb;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const started = performance.now();
  try {
    const bytes = await work();
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, rssMb(pid));
    return { seconds, megabytes: bytes / 1_048_576, rssBeforeMb, rssGrowthMb: peak - rssBeforeMb };
  } finally {
    clearInterval(sampler);
  }
};

const keyFor = async (env: Record<string, string>, name: string) => {
  const user = JSON.parse(await cli(env, 'users', 'create', name, '--json'));
  const { key } = JSON.parse(
    await cli(env, 'keys', 'create', '--user', name, '--scopes', EVERY_SCOPE, '--json'),
  );
  return { userId: Number(user.id), key: String(key) };
};

/** Exports the seeded owner's workspace to `file`, then imports that file as another user. */
const measureBothWays = async (
  dialect: Dialect,
  url: string,
  file: string,
  { tasks, times }: PortabilitySize,
): Promise<Figures[]> => {
  const env = { DATABASE_URL: url };
  const exported = await keyFor(env, 'exported');
  const imported = await keyFor(env, 'imported');
  const db = openDb(url);
  try {
    await seedOwner(db, exported.userId, tasks, times);
    if (db.dialect === 'postgresql') await db.all('analyze');
  } finally {
    await db.close();
  }
  const size = { dialect, tasks, times };
  // Each on a service of its own, as when a workspace moves between instances: an import measured
  // right after an export in the same process grew more or less by where the export left V8's heap.
  const exporting = await measuredOnService(env, async (service) => {
    const response = await fetch(`${service.baseUrl}/v1/export`, {
      headers: { 'x-api-key': exported.key, 'accept-encoding': 'identity' },
    });
    if (response.status !== 200 || response.body === null)
      throw new Error(`export: ${response.status} ${service.errors()}`);
    await pipeline(Readable.fromWeb(response.body), createWriteStream(file));
    return statSync(file).size;
  });
  const importing = await measuredOnService(env, async (service) => {
    const response = await fetch(`${service.baseUrl}/v1/import`, {
      method: 'POST',
      headers: { 'x-api-key': imported.key, 'content-type': 'application/json' },
      body: Readable.toWeb(createReadStream(file)),
      duplex: 'half',
    } as RequestInit);
    if (response.status !== 201) throw new Error(`import: ${response.status} ${await response.text()}`);
    return statSync(file).size;
  });
  return [
    { ...size, direction: 'export', ...exporting },
    { ...size, direction: 'import', ...importing },
  ];
};

/** Starts the service, measures `work` against it, and stops it. */
const measuredOnService = async (
  env: Record<string, string>,
  work: (service: Awaited<ReturnType<typeof startService>>) => Promise<number>,
) => {
  const service = await startService(env);
  try {
    return await measured(service.child.pid ?? 0, () => work(service));
  } finally {
    await service.stop();
  }
};

/** Both ways on each of `dialects`, in a folder of its own under `directory`. */
export const runPortabilityBench = async (
  dialects: readonly Dialect[],
  directory: string,
  size: PortabilitySize,
): Promise<Figures[]> => {
  const rows: Figures[] = [];
  for (const dialect of dialects) {
    const file = join(directory, `${dialect}-export.json`);
    if (dialect === 'sqlite')
      rows.push(...(await measureBothWays(dialect, `sqlite:${join(directory, 'export.db')}`, file, size)));
    else {
      const server = await startEmbeddedPostgres(join(directory, 'pg-export'));
      try {
        rows.push(...(await measureBothWays(dialect, await server.createDatabase('export'), file, size)));
      } finally {
        await server.stop();
      }
    }
    console.log(rows.slice(-2));
  }
  return rows;
};

/** RESULTS.md's export and import section, from its marker. */
export const portabilityBlock = (command: string, rows: readonly Figures[]): string =>
  [
    PORTABILITY_MARKER,
    `## Export and import (\`${command}\`, ${new Date().toISOString().slice(0, 10)})`,
    '',
    'The compiled service: an owner’s workspace exported with `GET /v1/export` to a file, then that ' +
      'file imported with `POST /v1/import` as another user, each on a service started for it. Seconds: ' +
      'to the end of each; RSS growth: the service’s peak resident memory during the request above ' +
      `where it stood before it; ${memoryLimitNote()}. ` +
      'Goal (issue 60): under 60 s each, growing under 200 MB.',
    '',
    '| database | direction | tasks | time records | seconds | document MB | RSS before MB | RSS growth MB |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      (r) =>
        `| ${r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${r.direction} | ${r.tasks} | ${r.times} | ${r.seconds.toFixed(1)} | ${r.megabytes.toFixed(1)} | ${r.rssBeforeMb.toFixed(0)} | ${r.rssGrowthMb.toFixed(0)} |`,
    ),
    '',
  ].join('\n');
