/**
 * `npm run bench:portability`: only the export and import of a large workspace (bench/export-import.ts),
 * its section of bench/RESULTS.md written anew and the rest kept.
 *
 *   npm run bench:portability                  both databases
 *   npm run bench:portability -- --db sqlite --tasks 20000
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../test/support/build.js';
import type { Dialect } from './ceiling/driver.js';
import { FEED_MARKER } from './change-feed.js';
import { PORTABILITY_MARKER, portabilityBlock, runPortabilityBench } from './export-import.js';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite,postgresql' },
    tasks: { type: 'string', default: '100000' },
    times: { type: 'string', default: '100000' },
  },
});

const directory = mkdtempSync(join(tmpdir(), 'workspace-portability-'));
// The embedded PostgreSQL runs as its own system user, which must reach its data directory.
chmodSync(directory, 0o755);
try {
  const rows = await runPortabilityBench(String(args.db).split(',') as Dialect[], directory, {
    tasks: Number(args.tasks),
    times: Number(args.times),
  });
  const given = process.argv.slice(2).join(' ');
  const block = portabilityBlock(
    given === '' ? 'npm run bench:portability' : `npm run bench:portability -- ${given}`,
    rows,
  );
  console.log(`\n${block}`);
  // The section sits between the load figures and the change feed's, which stay as they are.
  const file = join(ROOT, 'bench', 'RESULTS.md');
  const recorded = readFileSync(file, 'utf8');
  const at = (marker: string) => (recorded.includes(marker) ? recorded.indexOf(marker) : recorded.length);
  const head = recorded.slice(0, Math.min(at(PORTABILITY_MARKER), at(FEED_MARKER)));
  writeFileSync(file, `${head.trimEnd()}\n\n${block}\n${recorded.slice(at(FEED_MARKER))}`);
} finally {
  rmSync(directory, { recursive: true, force: true });
}
