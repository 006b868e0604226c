import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { ROOT } from '../support/build.js';
import { cli, type ServerProcess, startServer } from '../support/processes.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'spec', version: '1' } },
};

/**
 * `npm run build` (which `npm start` and `npm run cli` run when a source changed) while the server
 * runs from dist/: a module the server loads only when first asked for (the MCP endpoint's) must be
 * there throughout, old or new, never missing (issue 58, item 3).
 */
describe('a build while the server runs from dist/', function () {
  this.timeout(180_000);
  let directory: string;
  let server: ServerProcess | undefined;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'workspace-rebuild-'));
  });
  afterEach(async () => {
    await server?.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('never takes away a module the server has yet to load: the first MCP call during the build is answered', async () => {
    const env = { DATABASE_URL: `sqlite:${join(directory, 'workspace.db')}` };
    server = await startServer(env);
    await cli(env, 'users', 'create', 'alice');
    const { key } = JSON.parse(
      await cli(env, 'keys', 'create', '--user', 'alice', '--scopes', 'tasks:*', '--json'),
    );

    const build = spawn(process.execPath, ['tools/build.mjs'], { cwd: ROOT, stdio: 'ignore' });
    const built = new Promise<number | null>((resolve) => build.once('exit', resolve));
    // Well into the build: the compiler is writing.
    await sleep(1_500);
    const answer = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(INITIALIZE),
    });
    const body = await answer.text();
    expect(await built, 'the build succeeded').to.equal(0);
    expect(answer.status, body).to.equal(200);
    expect(JSON.parse(body).result.serverInfo).to.be.an('object');
  });
});
