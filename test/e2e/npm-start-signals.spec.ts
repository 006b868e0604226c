import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { ROOT } from '../support/build.js';
import { freePort } from '../support/free-port.js';
import { cli } from '../support/processes.js';
import { slowPost } from '../support/slow-request.js';

/** Every process below `pid`, found through `ps` before the signal. */
const descendantsOf = (pid: number): number[] => {
  let listed = '';
  try {
    listed = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when nothing matches: no children
  }
  const children = listed
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portIsFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe('npm start, stopped by a signal (SIGTERM to npm, or Ctrl-C)', function () {
  this.timeout(120_000);
  let directory: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'workspace-signals-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  /**
   * Starts `npm start`, sends a request that stays in flight, signals with `send` (given npm's pid
   * and the server's), and holds that the request is answered 201, npm exits 0, the port is free,
   * no process is left and the write is there after a restart.
   */
  const stopsCleanly = async (send: (npm: number, server: readonly number[]) => Promise<void>) => {
    const port = await freePort();
    const env = { DATABASE_URL: `sqlite:${join(directory, 'workspace.db')}` };
    await cli(env, 'users', 'create', 'alice', '--json');
    const { key } = JSON.parse(
      await cli(env, 'keys', 'create', '--user', 'alice', '--scopes', 'tasks:*', '--json'),
    );

    const npm = spawn('npm', ['start'], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    npm.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    let tree: number[] = [];
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 90_000;
      while (
        !(await fetch(`http://127.0.0.1:${port}/v1/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() > deadline || npm.exitCode !== null)
          throw new Error(`npm start did not come up: ${stderr}`);
        await sleep(200);
      }
      tree = descendantsOf(npm.pid ?? 0);
      expect(tree.length, 'npm started the server as a child').to.be.greaterThan(0);

      const inFlight = slowPost(
        `http://127.0.0.1:${port}`,
        key,
        JSON.stringify({ title: 'sent across the shutdown' }),
      );
      await sleep(300);
      await send(npm.pid ?? 0, tree);
      await sleep(300);
      inFlight.finish();

      const answer = await inFlight.answered;
      expect(answer.status, answer.body).to.equal(201);
      expect(JSON.parse(answer.body)).to.deep.include({ success: true });
      expect(await exited, stderr).to.equal(0);
      expect(await portIsFree(port), 'port free').to.equal(true);
      expect(tree.filter(alive), 'processes left behind').to.deep.equal([]);
    } finally {
      // On a failure, take the whole tree down, or a stray server would keep the test run alive.
      for (const pid of [npm.pid ?? 0, ...tree]) if (pid > 0 && alive(pid)) process.kill(pid, 'SIGKILL');
    }

    const restarted = JSON.parse(await cli(env, 'users', 'list', '--json'));
    expect(restarted).to.have.length(1);
  };

  it('answers the request in flight, exits 0, frees the port and leaves no process behind', () =>
    stopsCleanly(async (npm) => {
      process.kill(npm, 'SIGTERM');
    }));

  it('does the same on Ctrl-C: SIGINT to npm and the server both, and npm passing its own on', () =>
    stopsCleanly(async (npm, server) => {
      for (const pid of server) process.kill(pid, 'SIGINT');
      process.kill(npm, 'SIGINT');
      await sleep(50);
      for (const pid of server) if (alive(pid)) process.kill(pid, 'SIGINT');
    }));
});
