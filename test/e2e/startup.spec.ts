import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ensureBuilt } from '../support/build.js';
import { freePort } from '../support/free-port.js';
import { runToEnd, startServer } from '../support/processes.js';

/** Starts the compiled server and answers how it ended: it must end by itself. */
const startFailing = async (env: NodeJS.ProcessEnv) => {
  await ensureBuilt(); // not part of the time measured
  const started = Date.now();
  const port = String(await freePort());
  const ended = await runToEnd('main.js', [], { ...process.env, LOG_LEVEL: 'warn', PORT: port, ...env });
  return { ...ended, seconds: (Date.now() - started) / 1000 };
};

describe('start-up failures: one line, exit 1, no stack', function () {
  this.timeout(90_000);
  let directory: string;

  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'workspace-startup-'));
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('retries an unreachable PostgreSQL for DB_CONNECT_TIMEOUT_S, then names it with the password hidden', async () => {
    const port = await freePort();
    const { code, stderr, stdout, seconds } = await startFailing({
      DATABASE_URL: `postgres://app:s3cret-pass@127.0.0.1:${port}/workspace`,
      DB_CONNECT_TIMEOUT_S: '2',
    });
    expect(code).to.equal(1);
    expect(seconds, 'retried, then gave up within the timeout').to.be.within(1.5, 15);
    expect(stderr.trim().split('\n')).to.have.length(1);
    expect(stderr).to.include(`127.0.0.1:${port}`).and.include('***').and.include('after 2 s');
    expect(stderr).not.to.include('s3cret-pass');
    expect(stderr).not.to.match(/\n\s+at /);
    // Not silent meanwhile: one log line per wait, attempt by attempt, the password hidden.
    const waits = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.msg.startsWith('waiting for PostgreSQL'));
    expect(waits.length).to.be.greaterThan(1);
    expect(waits[0]?.level).to.equal(40);
    expect(waits[0]?.msg)
      .to.include(`127.0.0.1:${port}`)
      .and.include('***')
      .and.include('(attempt 1, next in 0.25 s)');
    expect(waits[1]?.msg).to.include('(attempt 2, next in 0.50 s)');
    expect(stdout).not.to.include('s3cret-pass');
  });

  it('names a SQLite path whose folder does not exist, and creates nothing', async () => {
    const missing = join(directory, 'typo', 'workspace.db');
    const { code, stderr } = await startFailing({ DATABASE_URL: `sqlite:${missing}` });
    expect(code).to.equal(1);
    expect(stderr.trim().split('\n')).to.have.length(1);
    expect(stderr).to.include(join(directory, 'typo'));
    expect(existsSync(join(directory, 'typo')), 'no folder created').to.equal(false);
  });

  it('names a SQLite file that cannot be created', async () => {
    const { code, stderr } = await startFailing({ DATABASE_URL: 'sqlite:/proc/workspace.db' });
    expect(code).to.equal(1);
    expect(stderr.trim().split('\n')).to.have.length(1);
    expect(stderr).to.include('/proc/workspace.db');
  });
});

describe('one server per SQLite file', function () {
  this.timeout(90_000);
  let directory: string;

  before(() => {
    directory = mkdtempSync(join(tmpdir(), 'workspace-lock-'));
  });
  after(() => rmSync(directory, { recursive: true, force: true }));

  it('refuses a second server on the same file with one line, and lets one start once the first stopped', async () => {
    const env = { DATABASE_URL: `sqlite:${join(directory, 'shared.db')}` };
    const first = await startServer(env);
    try {
      const second = await startFailing(env);
      expect(second.code).to.equal(1);
      expect(second.stderr.trim().split('\n')).to.have.length(1);
      expect(second.stderr).to.include('another server is already running').and.include('shared.db');
      expect((await fetch(`${first.baseUrl}/v1/health`)).status, 'the first one serves on').to.equal(200);
    } finally {
      expect(await first.stop()).to.equal(0);
    }
    const again = await startServer(env);
    expect(await again.stop()).to.equal(0);
  });
});
