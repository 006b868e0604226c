/**
 * Compiles the project to dist/ (what `npm run build` runs). With --if-stale, only when a source is
 * newer than the last build: `npm start` and `npm run cli` call it that way, so a command costs a
 * rebuild only after an edit (a full build takes seconds).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

if (!process.argv.includes('--if-stale') || stale()) {
  const started = Date.now();
  rmSync('dist', { recursive: true, force: true });
  execFileSync('tsc', ['-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  writeFileSync(STAMP, String(started));
}
