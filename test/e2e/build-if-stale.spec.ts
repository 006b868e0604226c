import { execFile } from 'node:child_process';
import { readFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ensureBuilt, ROOT } from '../support/build.js';

const run = promisify(execFile);

/** Issue 32, item 13: `npm run cli` and `npm start` rebuild only after an edit, not before every command. */
describe('npm start and npm run cli build only what changed', function () {
  this.timeout(120_000);
  const stamp = () => readFileSync(join(ROOT, 'dist', '.build-started-at'), 'utf8');
  // What `precli` and `prestart` run; PATH already leads to the project's own tsc and Node.
  const buildIfStale = () => run(process.execPath, ['tools/build.mjs', '--if-stale'], { cwd: ROOT });

  it('skips the build while dist/ is newer than every source, and builds again after one changes', async () => {
    await ensureBuilt();
    const built = stamp();
    await buildIfStale();
    expect(stamp(), 'nothing changed: no build').to.equal(built);

    const source = join(ROOT, 'bootstrap', 'main.ts');
    const now = new Date();
    utimesSync(source, now, now);
    await buildIfStale();
    expect(Number(stamp()), 'an edited source: built again').to.be.greaterThan(Number(built));
  });
});
