/**
 * Compiles the project to dist/ (what `npm run build` runs). With --if-stale, only when a source is
 * newer than the last build: `npm start` and `npm run cli` call it that way, so a command costs a
 * rebuild only after an edit (a full build takes seconds). The build is made in a folder of its own
 * and swapped in whole, so a server running from dist/ meanwhile goes on working.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** When the last build started (ms), written after it succeeds. */
const STAMP = join('dist', '.build-started-at');
/** Everything the build reads. */
const SOURCES = [
  'domain',
  'application',
  'adapters',
  'bootstrap',
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
];

const newestChange = (path) => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), 0);
};

const lastBuild = () => (existsSync(STAMP) ? Number(readFileSync(STAMP, 'utf8')) || 0 : 0);

const stale = () => Math.max(...SOURCES.filter((path) => existsSync(path)).map(newestChange)) >= lastBuild();

/** Where a build is made, beside the one in use: `dist/` is only ever swapped for a whole build. */
const NEXT = 'dist.next';
const PREVIOUS = 'dist.previous';

if (!process.argv.includes('--if-stale') || stale()) {
  const started = Date.now();
  // A server running from dist/ loads some modules only when first asked for them (the MCP
  // endpoint, the metrics): dist/ must never be half gone or half written while it runs.
  rmSync(NEXT, { recursive: true, force: true });
  execFileSync('tsc', ['-p', 'tsconfig.build.json', '--outDir', NEXT], { stdio: 'inherit' });
  writeFileSync(join(NEXT, '.build-started-at'), String(started));
  rmSync(PREVIOUS, { recursive: true, force: true });
  if (existsSync('dist')) renameSync('dist', PREVIOUS);
  renameSync(NEXT, 'dist');
  rmSync(PREVIOUS, { recursive: true, force: true });
}
