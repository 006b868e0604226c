/**
 * `npm run bench:portability`: the export of a large workspace (CONTRACT §12, issue 60) on each
 * database, on the compiled service: an owner with 100,000 tasks and 100,000 time records, exported
 * with `GET /v1/export` and read to its end. Measured: the time to the last byte, and how far the
 * service's resident memory rose above where it stood before the request (sampled every 50 ms).
 * Written to bench/RESULTS-portability.md.
 *
 *   npm run bench:portability                  both databases
 *   npm run bench:portability -- --db sqlite --tasks 20000
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

interface ExportFigures {
  readonly dialect: Dialect;
  readonly tasks: number;
  readonly times: number;
  readonly seconds: number;
  readonly megabytes: number;
  readonly rssBeforeMb: number;
  readonly rssGrowthMb: number;
}

const measureExport = async (dialect: Dialect, url: string): Promise<ExportFigures> => {
  const env = { DATABASE_URL: url };
  const user = JSON.parse(await cli(env, 'users', 'create', 'exported', '--json'));
  const { key } = JSON.parse(
    await cli(env, 'keys', 'create', '--user', 'exported', '--scopes', EVERY_SCOPE, '--json'),
  );
  const db = openDb(url);
  try {
    await seedOwner(db, Number(user.id), Number(args.tasks), Number(args.times));
    if (db.dialect === 'postgresql') await db.all('analyze');
  } finally {
    await db.close();
  }
  const service = await startService(env);
  try {
    const pid = service.child.pid ?? 0;
    const rssBeforeMb = rssMb(pid);
    let peak = rssBeforeMb;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 50);
    const started = performance.now();
    const response = await fetch(`${service.baseUrl}/v1/export`, {
      headers: { 'x-api-key': String(key), 'accept-encoding': 'identity' },
    });
    let bytes = 0;
    for await (const chunk of response.body ?? []) bytes += chunk.length;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMb(pid));
    if (response.status !== 200) throw new Error(`export: ${response.status} ${service.errors()}`);
    return {
      dialect,
      tasks: Number(args.tasks),
      times: Number(args.times),
      seconds,
      megabytes: bytes / 1_048_576,
      rssBeforeMb,
      rssGrowthMb: peak - rssBeforeMb,
    };
  } finally {
    await service.stop();
  }
};

const directory = mkdtempSync(join(tmpdir(), 'workspace-portability-'));
// The embedded PostgreSQL runs as its own system user, which must reach its data directory.
chmodSync(directory, 0o755);
const rows: ExportFigures[] = [];
try {
  for (const dialect of String(args.db).split(',') as Dialect[]) {
    if (dialect === 'sqlite')
      rows.push(await measureExport(dialect, `sqlite:${join(directory, 'export.db')}`));
    else {
      const server = await startEmbeddedPostgres(join(directory, 'pg'));
      try {
        rows.push(await measureExport(dialect, await server.createDatabase('export')));
      } finally {
        await server.stop();
      }
    }
    console.log(rows.at(-1));
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}

const table = [
  '| database | tasks | time records | export s | document MB | RSS before MB | RSS growth MB |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} | ${r.tasks} | ${r.times} | ${r.seconds.toFixed(1)} | ${r.megabytes.toFixed(1)} | ${r.rssBeforeMb.toFixed(0)} | ${r.rssGrowthMb.toFixed(0)} |`,
  ),
].join('\n');
const { cpu, cores, memoryGb, node } = machine();
writeFileSync(
  join(ROOT, 'bench', 'RESULTS-portability.md'),
  `# Export of a large workspace\n\nWritten by \`npm run bench:portability\` (bench/portability.ts) on ${cpu}, ${cores} cores, ${memoryGb} GB, Node ${node}. Goal (issue 60): under 60 s, the process growing under 200 MB.\n\n${table}\n`,
);
console.log(`\n${table}`);
