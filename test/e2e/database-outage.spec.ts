import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { type OwnPostgres, startOwnPostgres } from '../support/embedded-postgres.js';
import { cli, type ServerProcess, startServer } from '../support/processes.js';
import { brokenInvariants, lostAcknowledgedWrites, onPostgres } from '../support/workspace-invariants.js';
import { type LoadAnswer, startWriteLoad, waitForAnswers } from '../support/write-load.js';

/**
 * RELIABILITY.md's bound: while the database is away every request is answered within this time
 * (the pool's connect timeout, 5 s, plus the request's own work).
 */
const ANSWER_BOUND_MS = 6_000;

/** How long the database stays away, at least. */
const OUTAGE_MS = 2_000;

const startedAfter = (instant: number) => (answer: LoadAnswer) => answer.startedAt > instant;

/** The messages of the errors the server logged, to explain a failure. */
const loggedErrors = (server: ServerProcess): string =>
  server
    .stdout()
    .split('\n')
    .flatMap((line) => (line.includes('"level":50') ? [JSON.parse(line).err?.message] : []))
    .slice(0, 5)
    .join('; ');

/** Its own PostgreSQL server, since this one is stopped and started again under the load. */
describe('PostgreSQL stopped and started again under a write load (real server process)', function () {
  this.timeout(180_000);
  let postgres: OwnPostgres;
  let url: string;
  let server: ServerProcess;
  let key: string;

  before(async () => {
    postgres = await startOwnPostgres('workspace-outage-', { persistent: true });
    url = await postgres.createDatabase('workspace_outage');
    const env = { DATABASE_URL: url, RATE_LIMIT_PER_MINUTE: '0' };
    await cli(env, 'users', 'create', 'alice');
    key = JSON.parse(
      await cli(env, 'keys', 'create', '--user', 'alice', '--scopes', 'tasks:*', '--json'),
    ).key;
    server = await startServer(env);
  });

  after(async () => {
    if (server?.child.exitCode === null) await server.stop();
    await postgres?.remove();
  });

  const health = async () => {
    const response = await fetch(`${server.baseUrl}/v1/health`);
    return { status: response.status, body: (await response.json()) as { data: { status: string } } };
  };

  it('answers 503 in the envelope within the bound, says unavailable, recovers without a restart, and keeps every acknowledged write', async () => {
    const load = startWriteLoad({ baseUrl: () => server.baseUrl, key, workers: 8 });
    await waitForAnswers(load, 40, (a) => a.status === 201);

    const stopped = Date.now();
    await postgres.stop();
    await waitForAnswers(load, 40, (a) => startedAfter(stopped)(a) && a.status === 503);
    await sleep(stopped + OUTAGE_MS - Date.now());
    const unavailable = await health();
    expect(unavailable.status).to.equal(503);
    expect(unavailable.body.data.status).to.equal('unavailable');

    const restarted = Date.now();
    await postgres.restart();
    await waitForAnswers(load, 40, (a) => startedAfter(restarted)(a) && a.status === 201);
    const report = await load.stop();
    expect((await health()).status).to.equal(200);
    expect(server.child.exitCode, 'the service kept running').to.equal(null);

    const statuses = [...new Set(report.answers.map((a) => a.status))].sort();
    expect(
      statuses,
      `only successes and 503s, every request answered; ${loggedErrors(server)}`,
    ).to.deep.equal([200, 201, 503]);
    for (const answer of report.answers.filter((a) => a.status === 503)) {
      expect(answer.enveloped).to.equal(true);
      expect(answer.code).to.equal('SERVICE_UNAVAILABLE');
    }
    const slowest = Math.max(...report.answers.map((a) => a.elapsedMs));
    expect(slowest, 'the slowest answer (ms)').to.be.at.most(ANSWER_BOUND_MS);

    await onPostgres(url, async (query) => {
      expect(await lostAcknowledgedWrites(query, report.acknowledged.values())).to.deep.equal([]);
      expect(await brokenInvariants(query)).to.deep.equal({});
    });
    expect(report.acknowledged.size).to.be.greaterThan(80);
  });
});
