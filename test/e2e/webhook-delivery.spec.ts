import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { postgresServer } from '../support/persistence-harness.js';
import { cli, type ServerProcess, startServer } from '../support/processes.js';
import { settle, WebhookReceiver } from '../support/webhook-receiver.js';

/** A local receiver is loopback over http: allowed for these runs only. */
const WEBHOOK_ENV = {
  WEBHOOK_ALLOW_HTTP: '1',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
  RATE_LIMIT_PER_MINUTE: '0',
};

const keyFor = async (env: NodeJS.ProcessEnv): Promise<string> => {
  await cli(env, 'users', 'create', 'alice');
  return JSON.parse(
    await cli(env, 'keys', 'create', '--user', 'alice', '--scopes', 'clients:*,webhooks:*', '--json'),
  ).key;
};

const call = async (server: ServerProcess, key: string, method: string, path: string, body?: object) => {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { data?: Record<string, unknown> };
  expect(response.status, JSON.stringify(answer)).to.be.within(200, 299);
  return answer.data ?? {};
};

/** Subscribes the receiver to every event; it verifies with the secret the answer shows once. */
const subscribe = async (server: ServerProcess, key: string, receiver: WebhookReceiver, url: string) => {
  const { secret } = await call(server, key, 'POST', '/v1/webhooks', { url, events: ['*'] });
  receiver.secrets.push(String(secret));
};

/** How many times each event id reached the receiver, for those that reached it more than once. */
const repeated = (ids: readonly string[]) => {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].filter(([, count]) => count > 1);
};

/** CONTRACT §10 delivery guarantees with real server processes: restarts and several instances. */
describe('webhook delivery across server processes', function () {
  this.timeout(120_000);
  let receiver: WebhookReceiver;
  let url: string;
  const servers: ServerProcess[] = [];

  beforeEach(async () => {
    receiver = new WebhookReceiver();
    url = await receiver.start();
  });
  afterEach(async () => {
    await Promise.all(
      servers
        .splice(0)
        .filter((s) => s.child.exitCode === null)
        .map((s) => s.stop()),
    );
    await receiver.stop();
  });

  const databases = [
    {
      name: 'SQLite',
      open: async () => {
        const directory = await mkdtemp(join(tmpdir(), 'workspace-webhooks-'));
        return {
          url: `sqlite:${join(directory, 'workspace.db')}`,
          drop: () => rm(directory, { recursive: true }),
        };
      },
    },
    {
      name: 'PostgreSQL',
      open: async () => ({
        url: await (await postgresServer()).createDatabase(`workspace_webhooks_${process.pid}_${Date.now()}`),
        drop: async () => undefined,
      }),
    },
  ];

  for (const database of databases) {
    it(`SIGTERM with deliveries pending: they go out after the restart, each once (${database.name})`, async () => {
      const { url: databaseUrl, drop } = await database.open();
      const env = { ...WEBHOOK_ENV, DATABASE_URL: databaseUrl };
      try {
        const key = await keyFor(env);
        const first = await startServer(env);
        servers.push(first);
        await subscribe(first, key, receiver, url);
        // The receiver is down: every attempt before the restart fails and waits for its retry.
        receiver.status = () => 503;
        for (let i = 0; i < 20; i++) await call(first, key, 'POST', '/v1/clients', { name: `client ${i}` });
        expect(await first.stop()).to.equal(0);
        servers.splice(0);
        const triedBefore = receiver.attempts.length;

        receiver.status = () => 200;
        servers.push(await startServer(env));
        // Those attempted before wait out their first retry (5 to 6.25 s); the rest go at once.
        const received = await receiver.waitFor(20, 15_000);
        await settle(500);
        expect(receiver.forged).to.deep.equal([]);
        expect(new Set(received.map((r) => r.id)).size).to.equal(20);
        expect(received.map((r) => r.event.type)).to.satisfy((types: string[]) =>
          types.every((type) => type === 'client.created'),
        );
        expect(repeated(received.map((r) => r.id))).to.deep.equal([]);
        expect(receiver.attempts.length - triedBefore).to.equal(20);
      } finally {
        await Promise.all(servers.splice(0).map((s) => s.stop()));
        await drop();
      }
    });
  }

  it('an attempt cut by kill -9 goes out again from another instance within 30 s (PostgreSQL)', async () => {
    const databaseUrl = await (await postgresServer()).createDatabase(
      `workspace_webhooks_killed_${process.pid}_${Date.now()}`,
    );
    const env = { ...WEBHOOK_ENV, DATABASE_URL: databaseUrl };
    const key = await keyFor(env);
    const doomed = await startServer(env);
    servers.push(doomed);
    await subscribe(doomed, key, receiver, url);
    // The receiver holds the first attempt open, never to answer it: it is in flight when its
    // instance dies, and is not received.
    receiver.answerWhen = () => new Promise(() => undefined);
    await call(doomed, key, 'POST', '/v1/clients', { name: 'in flight' });
    const deadline = Date.now() + 10_000;
    while (receiver.attempts.length === 0 && Date.now() < deadline) await settle(20);
    expect(receiver.attempts, 'the attempt reached the receiver').to.have.length(1);
    doomed.child.kill('SIGKILL');
    const killedAt = Date.now();
    receiver.answerWhen = async () => undefined;
    servers.push(await startServer(env));
    const [event] = await receiver.waitFor(1, 40_000);
    expect(Date.now() - killedAt, 'sent again within 30 s').to.be.below(30_000);
    expect(event?.event.type).to.equal('client.created');
  });

  it('two server processes on one PostgreSQL send each event exactly once, retries included', async () => {
    const env = {
      ...WEBHOOK_ENV,
      DATABASE_URL: await (await postgresServer()).createDatabase(`workspace_webhook_pair_${process.pid}`),
    };
    const key = await keyFor(env);
    servers.push(await startServer(env), await startServer(env));
    await subscribe(servers[0] as ServerProcess, key, receiver, url);
    // The first attempt of every fifth event fails: its retry must also go out from one instance only.
    const failedOnce = new Set<string>();
    let attempt = 0;
    receiver.status = () => {
      const id = receiver.attempts.at(-1) ?? '';
      attempt++;
      if (attempt % 5 !== 0 || failedOnce.has(id)) return 200;
      failedOnce.add(id);
      return 503;
    };
    const writes = 60;
    await Promise.all(
      Array.from({ length: writes }, (_, i) =>
        call(servers[i % 2] as ServerProcess, key, 'POST', '/v1/clients', { name: `client ${i}` }),
      ),
    );
    const received = await receiver.waitFor(writes, 20_000);
    await settle(1000);
    expect(receiver.forged).to.deep.equal([]);
    expect(failedOnce.size).to.be.greaterThan(0);
    expect(new Set(received.map((r) => r.id)).size).to.equal(writes);
    expect(repeated(received.map((r) => r.id))).to.deep.equal([]);
    // Every attempt is accounted for: one per event, one more for each that failed once.
    expect(receiver.attempts).to.have.length(writes + failedOnce.size);
  });
});
