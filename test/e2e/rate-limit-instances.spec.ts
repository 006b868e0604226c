import { expect } from 'chai';
import { postgresServer } from '../support/persistence-harness.js';
import { cli, type ServerProcess, startServer } from '../support/processes.js';

describe('rate limits across two server processes on one PostgreSQL (CONTRACT 8)', function () {
  this.timeout(90_000);
  const servers: ServerProcess[] = [];
  let key: string;

  before(async () => {
    const env = {
      DATABASE_URL: await (await postgresServer()).createDatabase(`workspace_limits_${process.pid}`),
      RATE_LIMIT_PER_MINUTE: '6',
    };
    await cli(env, 'users', 'create', 'alice');
    key = JSON.parse(
      await cli(env, 'keys', 'create', '--user', 'alice', '--scopes', 'tasks:*', '--json'),
    ).key;
    servers.push(await startServer(env), await startServer(env));
  });
  after(async () => {
    await Promise.all(servers.filter((s) => s.child.exitCode === null).map((s) => s.stop()));
  });

  const list = (server: ServerProcess) =>
    fetch(`${server.baseUrl}/v1/tasks`, { headers: { 'x-api-key': key } });

  it('holds for the service as a whole: requests to either instance draw on one window', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    // Windows are whole minutes: start a fresh one rather than straddle a boundary.
    const probe = await list(first);
    const reset = Number(probe.headers.get('x-ratelimit-reset'));
    if (reset < 10) {
      await new Promise((resolve) => setTimeout(resolve, reset * 1000 + 200));
      await list(first);
    }
    const remaining: number[] = [];
    const statuses: number[] = [];
    for (const server of [second, first, second, first, second]) {
      const response = await list(server);
      statuses.push(response.status);
      remaining.push(Number(response.headers.get('x-ratelimit-remaining')));
    }
    expect(statuses.slice(0, 4)).to.deep.equal([200, 200, 200, 200]);
    expect(remaining.slice(0, 4)).to.deep.equal([4, 3, 2, 1]);
    expect(statuses[4]).to.equal(200);
    const refused = await list(first);
    expect(refused.status).to.equal(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).to.equal('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).to.be.within(1, 60);
  });
});
