/**
 * `npm run bench:feed`: the change feed's figures (`bench/change-feed.ts`) alone, on fresh
 * databases, written into bench/RESULTS.md as its "change feed" section (the rest of the file is
 * `npm run bench`'s, which measures the feed too at the end of each database's run).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../test/support/build.js';
import { startEmbeddedPostgres } from '../test/support/embedded-postgres.js';
import type { Dialect } from './ceiling/driver.js';
import { FEED_MARKER, feedBlock, feedSection, runFeedBench } from './change-feed.js';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'sqlite,postgresql' } } });
const directory = mkdtempSync(join(tmpdir(), 'workspace-feed-'));
// The embedded PostgreSQL runs as its own system user, which must reach its data directory.
chmodSync(directory, 0o755);
const sections: string[] = [];
try {
  for (const dialect of String(args.db).split(',') as Dialect[]) {
    if (dialect === 'sqlite') {
      const figures = await runFeedBench(dialect, `sqlite:${join(directory, 'feed.db')}`);
      sections.push(feedSection('SQLite', figures));
      console.log(`\n${sections.at(-1)}`);
    } else {
      const server = await startEmbeddedPostgres(join(directory, 'pg'));
      try {
        const figures = await runFeedBench(dialect, await server.createDatabase('feed'));
        sections.push(feedSection('PostgreSQL', figures));
        console.log(`\n${sections.at(-1)}`);
      } finally {
        await server.stop();
      }
    }
  }
  const file = join(ROOT, 'bench', 'RESULTS.md');
  const recorded = readFileSync(file, 'utf8');
  const before = recorded.includes(FEED_MARKER)
    ? recorded.slice(0, recorded.indexOf(FEED_MARKER))
    : `${recorded}\n`;
  const given = process.argv.slice(2).join(' ');
  const command = given === '' ? 'npm run bench:feed' : `npm run bench:feed -- ${given}`;
  writeFileSync(file, `${before}${feedBlock(command, sections)}`);
} finally {
  rmSync(directory, { recursive: true, force: true });
}
