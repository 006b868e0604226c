import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { DEFAULT_CONNECTION_LIMITS } from '../../adapters/http/connection-limits.js';
import { postgresServer } from '../support/persistence-harness.js';
import { cli, type ServerProcess, startServer } from '../support/processes.js';
import { slowPost } from '../support/slow-request.js';
import {
  brokenInvariants,
  lostAcknowledgedWrites,
  onPostgres,
  onSqlite,
  type Query,
} from '../support/workspace-invariants.js';
import { type AcknowledgedTask, startWriteLoad, waitForAnswers } from '../support/write-load.js';

const GRACE_S = 10;
/** The server's keep-alive timeout: a stop that waited for idle connections would take this long. */
const KEEP_ALIVE_TIMEOUT_MS = DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs;

interface Store {
  readonly url: string;
  /** Runs `check` with a connection to the stored data (the server is stopped by then). */
  inspect<A>(check: (query: Query) => Promise<A>): Promise<A>;
}

const databases: readonly { name: string; open(directory: string): Promise<Store> }[] = [
  {
    name: 'SQLite',
    open: async (directory) => {
      const path = join(directory, 'workspace.db');
      return {
        url: `sqlite:${path}`,
        inspect: (check) => onSqlite(path, check),
      };
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const url = await (await postgresServer()).createDatabase(`workspace_shutdown_${process.pid}`);
      return {
        url,
        inspect: (check) => onPostgres(url, check),
      };
    },
  },
];

for (const database of databases) {
  describe(`SIGTERM under a write load on ${database.name} (real server process)`, function () {
    this.timeout(120_000);
    let directory: string;
    let store: Store;
    let env: NodeJS.ProcessEnv;
    let key: string;
    const servers: ServerProcess[] = [];

    before(async () => {
      directory = mkdtempSync(join(tmpdir(), 'workspace-shutdown-'));
      store = await database.open(directory);
      env = { DATABASE_URL: store.url, RATE_LIMIT_PER_MINUTE: '0', SHUTDOWN_GRACE_S: String(GRACE_S) };
      await cli(env, 'users', 'create', 'alice');
      key = JSON.parse(
        await cli(env, 'keys', 'create', '--user', 'alice', '--scopes', 'tasks:*', '--json'),
      ).key;
    });
    after(async () => {
      await Promise.all(servers.filter((s) => s.child.exitCode === null).map((s) => s.stop()));
      rmSync(directory, { recursive: true, force: true });
    });

    it('finishes the requests in flight, exits 0 within the grace period, and keeps every acknowledged write', async () => {
      const server = await startServer(env);
      servers.push(server);
      const load = startWriteLoad({ baseUrl: () => server.baseUrl, key, workers: 8 });
      await waitForAnswers(load, 40, (a) => a.status === 201);
      const inFlight = slowPost(server.baseUrl, key, JSON.stringify({ title: 'sent across the shutdown' }));
      await sleep(100);

      const signalled = Date.now();
      const exited = server.stop();
      await sleep(300);
      inFlight.finish();
      const code = await exited;
      const stoppedInMs = Date.now() - signalled;
      const report = await load.stop();

      expect(code, server.stdout()).to.equal(0);
      // Well within the grace period: finished requests close their kept-alive connections.
      expect(stoppedInMs, 'from SIGTERM to exit (ms)').to.be.below(KEEP_ALIVE_TIMEOUT_MS);
      const slow = await inFlight.answered;
      expect(slow.status, slow.body).to.equal(201);
      const answered = report.answers.filter((a) => a.status !== 0);
      for (const answer of answered.filter((a) => a.status >= 300)) {
        expect(answer.status, 'only 503 while stopping').to.equal(503);
        expect(answer.code).to.equal('SERVICE_UNAVAILABLE');
      }
      // Without an answer: refused once the port closed, or a kept-alive socket closed while idle.
      const unanswered = new Set(report.answers.filter((a) => a.status === 0).map((a) => a.failure));
      for (const failure of unanswered)
        expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']).to.include(failure);

      const restarted = await startServer(env);
      servers.push(restarted);
      const { task } = (JSON.parse(slow.body) as { data: { task: AcknowledgedTask } }).data;
      const served = await fetch(`${restarted.baseUrl}/v1/tasks/${task.id}`, {
        headers: { 'x-api-key': key },
      });
      expect(served.status).to.equal(200);
      expect(await restarted.stop()).to.equal(0);

      const acknowledged = [...report.acknowledged.values(), { ...task, completed: false }];
      expect(acknowledged.length).to.be.greaterThan(40);
      await store.inspect(async (query) => {
        expect(await lostAcknowledgedWrites(query, acknowledged)).to.deep.equal([]);
        expect(await brokenInvariants(query)).to.deep.equal({});
      });
    });

    it('cuts a request still running when the grace period ends, and exits 0', async () => {
      const server = await startServer({ ...env, SHUTDOWN_GRACE_S: '1', LOG_LEVEL: 'info' });
      servers.push(server);
      const stuck = slowPost(server.baseUrl, key, JSON.stringify({ title: 'never finished' }));
      const outcome = stuck.answered.then(
        () => 'answered',
        (error: NodeJS.ErrnoException) => error.code,
      );
      await sleep(100);
      const signalled = Date.now();
      expect(await server.stop()).to.equal(0);
      expect(Date.now() - signalled, 'from SIGTERM to exit (ms)').to.be.below(3_000);
      expect(await outcome).to.equal('ECONNRESET');
      expect(server.stdout()).to.include('grace period over');
    });
  });
}
