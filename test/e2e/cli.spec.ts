import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { runToEnd } from '../support/processes.js';

describe('the CLI, compiled, as an operator meets it', function () {
  this.timeout(60_000);
  let directory: string;
  let env: NodeJS.ProcessEnv;

  const cli = (...args: string[]) => runToEnd('cli.js', args, env);

  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'workspace-cli-'));
    env = { ...process.env, DATABASE_URL: `sqlite:${join(directory, 'workspace.db')}` };
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  for (const args of [['--help'], ['-h'], ['users', 'create', '--help']]) {
    it(`prints the usage on stdout and exits 0 for ${args.join(' ')}`, async () => {
      const { code, stdout } = await cli(...args);
      expect(code).to.equal(0);
      expect(stdout).to.include('Usage:').and.include('keys create');
    });
  }

  it('exits 2 with the usage on stderr for no command or an unknown one', async () => {
    for (const args of [[], ['users', 'delete']]) {
      const { code, stderr } = await cli(...args);
      expect(code, args.join(' ')).to.equal(2);
      expect(stderr).to.include('Usage:');
    }
  });

  it('names the valid scopes when one is unknown', async () => {
    expect((await cli('users', 'create', 'alice')).code).to.equal(0);
    const { code, stderr } = await cli('keys', 'create', '--user', 'alice', '--scopes', 'invoices:read');
    expect(code).to.equal(1);
    expect(stderr).to.include('invoices:read').and.include('tasks:read');
  });
});
