import { expect } from 'chai';
import { postgresServer } from '../support/persistence-harness.js';
import { cli, type ServerProcess, startServer } from '../support/processes.js';

interface Answer {
  readonly status: number;
  readonly replayed: string | null;
  readonly body: {
    success: boolean;
    data?: Record<string, Record<string, unknown>>;
    /** Beside `data` when a status changed. */
    gamification?: { points_awarded: number };
    error?: { code: string };
  };
}

/** Two real server processes on one PostgreSQL behave as one service (CONTRACT 8). */
describe('two server processes on one PostgreSQL', function () {
  this.timeout(120_000);
  const servers: ServerProcess[] = [];
  let key: string;

  before(async () => {
    const env = {
      DATABASE_URL: await (await postgresServer()).createDatabase(`workspace_instances_${process.pid}`),
      RATE_LIMIT_PER_MINUTE: '0',
    };
    await cli(env, 'users', 'create', 'alice');
    key = JSON.parse(
      await cli(env, 'keys', 'create', '--user', 'alice', '--scopes', 'tasks:*,clients:*', '--json'),
    ).key;
    servers.push(await startServer(env), await startServer(env));
  });
  after(async () => {
    await Promise.all(servers.filter((s) => s.child.exitCode === null).map((s) => s.stop()));
  });

  /** Request `i` goes to instance `i % 2`. */
  const call = async (
    i: number,
    method: string,
    path: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const server = servers[i % 2] as ServerProcess;
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      replayed: response.headers.get('idempotent-replayed'),
      body: (await response.json()) as Answer['body'],
    };
  };
  const spread = <A>(count: number, work: (i: number) => Promise<A>) =>
    Promise.all(Array.from({ length: count }, (_, i) => work(i)));

  it('runs 20 concurrent POSTs with one Idempotency-Key once: the rest replay it or get 409', async () => {
    const client = await call(0, 'POST', '/v1/clients', { name: 'idempotent' });
    const clientId = client.body.data?.client?.id;
    const answers = await spread(20, (i) =>
      call(i, 'POST', '/v1/tasks', { title: 'once', client_id: clientId }, { 'idempotency-key': 'burst-1' }),
    );
    const created = answers.filter((a) => a.status === 201);
    const busy = answers.filter((a) => a.status === 409);
    expect(created.length + busy.length, JSON.stringify(answers.map((a) => a.status))).to.equal(20);
    expect(created.filter((a) => a.replayed === null)).to.have.length(1);
    for (const answer of busy) expect(answer.body.error?.code).to.equal('IDEMPOTENCY_KEY_IN_USE');
    const list = await call(1, 'GET', `/v1/tasks?client_id=${clientId}`);
    expect(list.body.data?.pagination?.total).to.equal(1);
    const changed = await call(1, 'POST', '/v1/tasks', { title: 'twice' }, { 'idempotency-key': 'burst-1' });
    expect(changed.body.error?.code).to.equal('IDEMPOTENCY_KEY_REUSED');
  });

  it('numbers 40 concurrent creates for one client, spread over both, 1..40 with no gap or repeat', async () => {
    const client = await call(0, 'POST', '/v1/clients', { name: 'numbered' });
    const clientId = client.body.data?.client?.id;
    const answers = await spread(40, (i) =>
      call(i, 'POST', '/v1/tasks', { title: `t${i}`, client_id: clientId }),
    );
    expect(answers.map((a) => a.status)).to.deep.equal(Array(40).fill(201));
    const numbers = answers.map((a) => Number(a.body.data?.task?.client_task_id)).sort((x, y) => x - y);
    expect(numbers).to.deep.equal(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('awards a task completed concurrently through both instances once', async () => {
    const before = await call(0, 'GET', '/v1/gamification');
    const task = await call(0, 'POST', '/v1/tasks', { title: 'finish me', priority: 3 });
    const id = task.body.data?.task?.id;
    const answers = await spread(10, (i) => call(i, 'PATCH', `/v1/tasks/${id}`, { status: 2 }));
    expect(
      answers.every((a) => a.status === 200),
      JSON.stringify(answers.map((a) => a.status)),
    ).to.equal(true);
    const awarded = answers.map((a) => a.body.gamification?.points_awarded ?? 0);
    expect(awarded.filter((points) => points > 0)).to.have.length(1);
    const after = await call(1, 'GET', '/v1/gamification');
    const gained =
      Number(after.body.data?.profile?.total_points) - Number(before.body.data?.profile?.total_points);
    expect(gained).to.equal(Math.max(...awarded));
    const history = await call(1, 'GET', `/v1/tasks/${id}/history`);
    expect(history.body.data?.history).to.have.length(2);
  });
});
