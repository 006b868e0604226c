/**
 * `npm run bench:portability`: the export and import of a large workspace (CONTRACT §12, issue 60)
 * on each database, on the compiled service: an owner with 100,000 tasks and 100,000 time records,
 * exported with `GET /v1/export` to a file, and that file imported with `POST /v1/import` as another
 * user. Measured: each one's time to its end, and how far the service's resident memory rose above
 * where it stood before the request (sampled every 50 ms). Written to bench/RESULTS-portability.md.
 *
 *   npm run bench:portability                  both databases
 *   npm run bench:portability -- --db sqlite --tasks 20000
 */
import {
  chmodSync,
  createReadStream,
  createWriteStream,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { ROOT } from '../test/support/build.js';
import { startEmbeddedPostgres } from '../test/support/embedded-postgres.js';
import { cli } from '../test/support/processes.js';
import { type Dialect, openDb } from './ceiling/driver.js';
import { rssMb, startService } from './processes.js';
import { machine } from './report.js';
import { seedOwner } from './seed.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite,postgresql' },
    tasks: { type: 'string', default: '100000' },
    times: { type: 'string', default: '100000' },
  },
});

const EVERY_SCOPE = 'tasks:*,clients:*,projects:*,notes:*,categories:*,cards:*,times:*,moneys:*';

interface Figures {
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
const measureBothWays = async (dialect: Dialect, url: string, file: string): Promise<Figures[]> => {
  const env = { DATABASE_URL: url };
  const exported = await keyFor(env, 'exported');
  const imported = await keyFor(env, 'imported');
  const db = openDb(url);
  try {
    await seedOwner(db, exported.userId, Number(args.tasks), Number(args.times));
    if (db.dialect === 'postgresql') await db.all('analyze');
  } finally {
    await db.close();
  }
  const service = await startService(env);
  const size = { dialect, tasks: Number(args.tasks), times: Number(args.times) };
  try {
    const pid = service.child.pid ?? 0;
    const exporting = await measured(pid, async () => {
      const response = await fetch(`${service.baseUrl}/v1/export`, {
        headers: { 'x-api-key': exported.key, 'accept-encoding': 'identity' },
      });
      if (response.status !== 200 || response.body === null)
        throw new Error(`export: ${response.status} ${service.errors()}`);
      await pipeline(Readable.fromWeb(response.body), createWriteStream(file));
      return statSync(file).size;
    });
    const importing = await measured(pid, async () => {
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
  } finally {
    await service.stop();
  }
};

const directory = mkdtempSync(join(tmpdir(), 'workspace-portability-'));
// The embedded PostgreSQL runs as its own system user, which must reach its data directory.
chmodSync(directory, 0o755);
const rows: Figures[] = [];
try {
  for (const dialect of String(args.db).split(',') as Dialect[]) {
    const file = join(directory, `${dialect}-export.json`);
    if (dialect === 'sqlite')
      rows.push(...(await measureBothWays(dialect, `sqlite:${join(directory, 'export.db')}`, file)));
    else {
      const server = await startEmbeddedPostgres(join(directory, 'pg'));
      try {
        rows.push(...(await measureBothWays(dialect, await server.createDatabase('export'), file)));
      } finally {
        await server.stop();
      }
    }
    console.log(rows.slice(-2));
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}

const table = [
  '| database | direction | tasks | time records | seconds | document MB | RSS before MB | RSS growth MB |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${r.direction} | ${r.tasks} | ${r.times} | ${r.seconds.toFixed(1)} | ${r.megabytes.toFixed(1)} | ${r.rssBeforeMb.toFixed(0)} | ${r.rssGrowthMb.toFixed(0)} |`,
  ),
].join('\n');
const { cpu, cores, memoryGb, node } = machine();
writeFileSync(
  join(ROOT, 'bench', 'RESULTS-portability.md'),
  `# Export and import of a large workspace\n\nWritten by \`npm run bench:portability\` (bench/portability.ts) on ${cpu}, ${cores} cores, ${memoryGb} GB, Node ${node}. Goal (issue 60): under 60 s, the process growing under 200 MB.\n\n${table}\n`,
);
console.log(`\n${table}`);
