import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ensureBuilt, ROOT } from '../support/build.js';

const run = promisify(execFile);

/** Issue 32, item 15: `.env.example` says to copy it to `.env`, so `.env` is read, the environment first. */
describe('end to end: .env in the working directory', function () {
  this.timeout(60_000);
  let directory: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'workspace-env-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const cli = async (env: NodeJS.ProcessEnv, ...args: string[]) => {
    await ensureBuilt();
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    const { stdout } = await run(process.execPath, [join(ROOT, 'dist', 'bootstrap', 'cli.js'), ...args], {
      cwd: directory,
      env: { ...inherited, ...env },
    });
    return stdout;
  };

  it('the CLI (as the server) reads its settings from .env, and a variable set in the environment wins', async () => {
    writeFileSync(
      join(directory, '.env'),
      `# copied from .env.example\nDATABASE_URL=sqlite:${join(directory, 'from-file.db')}\n`,
    );
    await cli({}, 'users', 'create', 'ada', '--json');
    expect(JSON.parse(await cli({}, 'users', 'list', '--json'))).to.have.length(1);

    const elsewhere = `sqlite:${join(directory, 'from-env.db')}`;
    expect(JSON.parse(await cli({ DATABASE_URL: elsewhere }, 'users', 'list', '--json'))).to.deep.equal([]);
  });
});
