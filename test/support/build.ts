import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

/** The checkout under test. */
export const ROOT = resolve(import.meta.dirname, '..', '..');

const run = promisify(execFile);
let built: Promise<void> | undefined;

/**
 * Compiles the sources to `dist/` once per test run, so specs of the compiled server, CLI and
 * package always see the code under test, never a stale build.
 */
export const ensureBuilt = (): Promise<void> => {
  built ??= run('npm', ['run', '-s', 'build'], { cwd: ROOT }).then(() => undefined);
  return built;
};
