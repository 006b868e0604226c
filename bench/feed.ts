/**
 * `npm run bench:feed`: the change feed's figures (`bench/change-feed.ts`) on fresh databases,
 * written into bench/RESULTS.md as its "change feed" section (the rest of the file is
 * `npm run bench`'s, which keeps that section when it rewrites the file).
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../test/support/build.js';
import { startEmbeddedPostgres } from '../test/support/embedded-postgres.js';
import type { Dialect } from './ceiling/driver.js';
import { FEED_MARKER, feedSection, runFeedBench } from './change-feed.js';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'sqlite,postgresql' } } });
const directory = mkdtempSync(join(tmpdir(), 'workspace-feed-'));
// The embedded PostgreSQL runs as its own system user, which must reach its data directory.
chmodSync(directory, 0o755);
/** What the figures mean, above them. */
const FEED_NOTE =
  'The compiled service, a local receiver answering 204 to everything, 10 subscriptions to `task.created`. ' +
  'Write cost: task creates at a steady rate, timed each, without and then with the subscriptions while their ' +
  'deliveries flow (the write itself does the same work either way: its change log entry; the difference is ' +
  'the worker sharing the machine). Deliveries: 1,000 creates as fast as they go, from the first write to ' +
  'the 10,000th event received. Sync: 10,000 changes of one user paged through from the start at 1,000 a page.';
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
  writeFileSync(
    file,
    `${before}${FEED_MARKER}\n## The change feed (\`${command}\`, ${new Date().toISOString().slice(0, 10)})\n\n` +
      `${FEED_NOTE}\n\n${sections.join('\n\n')}\n`,
  );
} finally {
  rmSync(directory, { recursive: true, force: true });
}
