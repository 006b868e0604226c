import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { freePort } from '../support/free-port.js';
import { cli, type ServerProcess, startServer } from '../support/processes.js';
import { sample } from '../support/prometheus-text.js';
import { settle, WebhookReceiver } from '../support/webhook-receiver.js';

const eventually = async (check: () => boolean, timeoutMs = 3000): Promise<boolean> => {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
};

describe('operations: metrics on METRICS_PORT and SQL timings at LOG_LEVEL=debug (real server process)', function () {
  this.timeout(60_000);
  let directory: string;
  let server: ServerProcess;
  let metricsUrl: string;
  let key: string;

  before(async () => {
    directory = mkdtempSync(join(tmpdir(), 'workspace-metrics-'));
    const env = {
      DATABASE_URL: `sqlite:${join(directory, 'workspace.db')}`,
      WEBHOOK_ALLOW_HTTP: '1',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
    };
    await cli(env, 'users', 'create', 'alice');
    key = JSON.parse(
      await cli(env, 'keys', 'create', '--user', 'alice', '--scopes', 'tasks:*,webhooks:*', '--json'),
    ).key;
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
    server = await startServer({ ...env, METRICS_PORT: String(metricsPort), LOG_LEVEL: 'debug' });
  });

  after(async () => {
    if (server.child.exitCode === null) await server.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('reports requests by route pattern and status, statement timings and process metrics', async () => {
    const auth = { authorization: `Bearer ${key}` };
    await fetch(`${server.baseUrl}/v1/tasks`, { headers: auth });
    await fetch(`${server.baseUrl}/v1/tasks`, { headers: auth });
    await fetch(`${server.baseUrl}/v1/tasks/9999`, { headers: auth });
    await fetch(`${server.baseUrl}/v1/tasks`);
    await fetch(`${server.baseUrl}/v1/nowhere/at/all`);

    const response = await fetch(`${metricsUrl}/metrics`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^text\/plain/);
    const text = await response.text();
    expect(
      sample(text, 'workspace_http_requests_total{method="GET",route="/v1/tasks",status="200"}'),
    ).to.equal(2);
    expect(
      sample(text, 'workspace_http_requests_total{method="GET",route="/v1/tasks",status="401"}'),
    ).to.equal(1);
    expect(
      sample(text, 'workspace_http_requests_total{method="GET",route="/v1/tasks/:id",status="404"}'),
    ).to.equal(1);
    expect(
      sample(text, 'workspace_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).to.equal(1);
    expect(text).not.to.include('/v1/nowhere');
    expect(
      sample(
        text,
        'workspace_http_request_duration_seconds_count{method="GET",route="/v1/tasks",status="200"}',
      ),
    ).to.equal(2);
    expect(
      sample(text, 'workspace_db_query_duration_seconds_count{side="read",statement="select",outcome="ok"}'),
    ).to.be.greaterThan(0);
    expect(sample(text, 'workspace_rate_limit_rejections_total')).to.equal(0);
    expect(sample(text, 'process_resident_memory_bytes')).to.be.greaterThan(0);
  });

  it('counts webhook attempts by outcome, times them and the event-to-delivery latency, and shows the queue depth', async () => {
    const receiver = new WebhookReceiver();
    const url = await receiver.start();
    try {
      const headers = { 'x-api-key': key, 'content-type': 'application/json' };
      const subscribed = await fetch(`${server.baseUrl}/v1/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url, events: ['task.created'] }),
      });
      receiver.secrets.push(((await subscribed.json()) as { data: { secret: string } }).data.secret);
      receiver.status = () => 503;
      const create = (title: string) =>
        fetch(`${server.baseUrl}/v1/tasks`, { method: 'POST', headers, body: JSON.stringify({ title }) });
      await create('first');
      while (receiver.attempts.length < 1) await settle(10);
      receiver.status = () => 200;
      await create('second');
      await receiver.waitFor(1);
      await settle(300);

      const text = await (await fetch(`${metricsUrl}/metrics`)).text();
      expect(sample(text, 'workspace_webhook_attempts_total{outcome="retrying"}')).to.equal(1);
      expect(sample(text, 'workspace_webhook_attempts_total{outcome="delivered"}')).to.equal(1);
      expect(sample(text, 'workspace_webhook_attempt_duration_seconds_count{outcome="delivered"}')).to.equal(
        1,
      );
      expect(sample(text, 'workspace_webhook_delivery_latency_seconds_count')).to.equal(1);
      // The first one waits for its retry.
      expect(sample(text, 'workspace_webhook_deliveries_pending')).to.equal(1);
      expect(text).not.to.include(url);
    } finally {
      await receiver.stop();
    }
  });

  it('serves nothing but GET /metrics on that port, and the API does not serve metrics', async () => {
    expect((await fetch(`${metricsUrl}/`)).status).to.equal(404);
    expect((await fetch(`${server.baseUrl}/metrics`)).status).to.equal(404);
  });

  it('logs each statement with its time and its request’s id at debug, without its parameters', async () => {
    const headers = { 'x-api-key': key, 'content-type': 'application/json' };
    await fetch(`${server.baseUrl}/v1/tasks?search=PARAM-MARKER-91`, {
      headers: { ...headers, 'x-request-id': 'list-req-1' },
    });
    await fetch(`${server.baseUrl}/v1/tasks`, {
      method: 'POST',
      headers: { ...headers, 'x-request-id': 'create-req-2' },
      body: JSON.stringify({ title: 'BODY-MARKER-92' }),
    });
    const sqlLines = () =>
      server
        .stdout()
        .split('\n')
        .filter((line) => line.includes('"msg":"sql"'))
        .map(
          (line) => JSON.parse(line) as { sql: string; duration_ms: number; side: string; reqId?: string },
        );
    // CONTRACT §1: every log line of a request carries its id, its statements' too.
    const ofRequest = (id: string) => sqlLines().filter((line) => line.reqId === id);
    // The log reaches this process through a pipe, a little after the responses.
    const logged = await eventually(
      () => ofRequest('create-req-2').some((line) => line.side === 'write' && /^insert/i.test(line.sql)),
      10_000,
    );
    expect(logged, 'the create’s insert logged from the unit of work, with its request id').to.equal(true);
    expect(
      ofRequest('list-req-1').some((line) => line.side === 'read' && /select/i.test(line.sql)),
      'the list’s select logged with its request id',
    ).to.equal(true);
    expect(sqlLines().every((line) => typeof line.duration_ms === 'number')).to.equal(true);
    for (const marker of ['PARAM-MARKER-91', 'param-marker-91', 'BODY-MARKER-92'])
      expect(server.stdout()).not.to.include(marker);
    expect(server.stdout()).not.to.include(key);
  });
});
