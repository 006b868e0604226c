import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'chai';
import type { FastifyInstance } from 'fastify';
import { createHttpServer } from '../../../bootstrap/http-server.js';
import { createWorkspace, type ServedWorkspace } from '../../../bootstrap/workspace.js';
import { RECORD_RESOURCES } from '../../../domain/api-key/scope.js';
import { FixedClock } from '../../support/fixed-clock.js';
import type { Called } from '../../support/mcp-client.js';
import { inMemoryHarness, type PersistenceHarness } from '../../support/persistence-harness.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';
import { right } from '../../support/world.js';

const ALL_SCOPES = 'tasks:*,clients:*,projects:*,notes:*,categories:*,cards:*,times:*,moneys:*,webhooks:*';

describe('MCP over Streamable HTTP at /mcp, with the SDK’s own client (CONTRACT §11)', function () {
  this.timeout(60_000);
  let harness: PersistenceHarness;
  let workspace: ServedWorkspace;
  let app: FastifyInstance;
  let receiver: WebhookReceiver;
  let baseUrl: string;
  let userId: number;
  const clients: Client[] = [];

  const keyWith = async (scopes: string) =>
    (await right(workspace.keys.create({ userId, scopes: scopes.split(',') as never }))).plaintext;

  /** An MCP client connected with `key`, as an agent's configuration would give it. */
  const connect = async (key: string) => {
    const client = new Client({ name: 'spec', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    clients.push(client);
    return client;
  };

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}): Promise<Called> =>
    (await client.callTool({ name, arguments: args })) as Called;

  before(async () => {
    harness = await inMemoryHarness.open();
    receiver = new WebhookReceiver();
    const receiverUrl = await receiver.start();
    workspace = createWorkspace({
      persistence: harness.persistence,
      clock: new FixedClock(),
      webhooks: { allowHttp: true, allowPrivateTargets: true, pollMs: 20 },
    });
    userId = (await right(workspace.users.create({ name: 'alice' }))).id;
    const { secret } = await right(
      workspace.actingAs(userId).webhooks.create({ url: receiverUrl, events: ['*'] }),
    );
    receiver.secrets.push(secret);
    app = createHttpServer(workspace, false);
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  after(async () => {
    for (const client of clients) await client.close();
    await app.close();
    await workspace.close();
    await harness.close();
    await receiver.stop();
  });

  it('lists a tool for every resource’s operations, each with an input schema, hints and a description for a model', async () => {
    const client = await connect(await keyWith(ALL_SCOPES));
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    for (const resource of RECORD_RESOURCES)
      for (const action of ['list', 'get', 'create', 'update', 'delete'])
        expect(names, `${resource}_${action}`).to.include(`${resource}_${action}`);
    expect(names).to.include.members([
      'tasks_change_status',
      'tasks_history',
      'tasks_replace',
      'gamification_profile',
      'sync',
      'batch',
      'webhooks_create',
      'webhooks_rotate_secret',
      'webhooks_retry_delivery',
    ]);
    for (const tool of tools) {
      expect(tool.inputSchema.type, tool.name).to.equal('object');
      expect(tool.description, tool.name).to.be.a('string').with.length.above(20);
      expect(tool.annotations, tool.name).to.include.keys(
        'readOnlyHint',
        'destructiveHint',
        'idempotentHint',
      );
    }
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('tasks_list')?.annotations).to.include({ readOnlyHint: true });
    expect(byName.get('tasks_delete')?.annotations).to.include({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expect(byName.get('tasks_create')?.annotations).to.include({
      readOnlyHint: false,
      idempotentHint: false,
    });
    const createProperties = byName.get('tasks_create')?.inputSchema.properties ?? {};
    const status = (createProperties as Record<string, { description?: string }>).status;
    expect(status?.description, 'enum meanings in words').to.equal(
      '0 new, 1 in progress, 2 done, 3 cancelled',
    );
    expect(byName.get('tasks_list')?.inputSchema.properties).to.include.keys(
      'status',
      'project_id',
      'limit',
      'cursor',
    );
  });

  it('calls every tool successfully, each answering the HTTP API’s JSON as structured content and a summary', async () => {
    const client = await connect(await keyWith(ALL_SCOPES));
    const created = async (name: string, args: Record<string, unknown>) => {
      const answer = await call(client, name, args);
      expect(answer.isError, `${name}: ${answer.content[0]?.text}`).to.equal(undefined);
      const [record] = Object.values(answer.structuredContent.data) as { id: number }[];
      return record?.id ?? 0;
    };
    const ids: Record<string, number> = {
      clients: await created('clients_create', { name: 'Acme' }),
      projects: await created('projects_create', { name: 'Launch' }),
      notes: await created('notes_create', { name: 'Outline' }),
      categories: await created('categories_create', { name: 'Deep work' }),
      cards: await created('cards_create', { name: 'Main' }),
      times: await created('times_create', { time_really: '1:30:00' }),
      moneys: await created('moneys_create', { type: 1, price: 12.5 }),
      tasks: await created('tasks_create', { title: 'Write the post', priority: 1 }),
    };
    const { webhooks } = (await call(client, 'webhooks_list')).structuredContent.data;
    const webhookId: number = webhooks[0].id;
    await receiver.waitFor(1);
    const { deliveries } = (await call(client, 'webhooks_deliveries', { id: webhookId })).structuredContent
      .data;
    const made = await call(client, 'calendar_feeds_create', { name: 'Agenda', include: ['tasks', 'times'] });
    const feedId: number = made.structuredContent.data.feed.id;

    const calls: [string, Record<string, unknown>][] = [
      ...Object.entries(ids).flatMap(([resource, id]): [string, Record<string, unknown>][] => [
        [`${resource}_list`, { limit: 10 }],
        [`${resource}_get`, { id }],
      ]),
      ['tasks_update', { id: ids.tasks, title: 'Write the launch post' }],
      ['tasks_replace', { id: ids.tasks, title: 'Write the launch post', priority: 1 }],
      ['tasks_change_status', { id: ids.tasks, status: 2 }],
      ['tasks_history', { id: ids.tasks }],
      ['gamification_profile', {}],
      ['me_get', {}],
      ['sync', {}],
      ['reports_times', { group_by: 'client,month' }],
      ['reports_moneys', { group_by: 'type' }],
      ['reports_tasks', { group_by: 'status', status: 2 }],
      ['batch', { operations: [{ method: 'POST', path: '/v1/tasks', body: { title: 'From a batch' } }] }],
      ['clients_update', { id: ids.clients, name: 'Acme Ltd' }],
      ['projects_update', { id: ids.projects, name: 'Launch 2' }],
      ['notes_update', { id: ids.notes, name: 'Outline 2' }],
      ['categories_update', { id: ids.categories, name: 'Focus' }],
      ['cards_update', { id: ids.cards, name: 'Main card' }],
      ['times_update', { id: ids.times, time_really: '2:00:00' }],
      ['moneys_update', { id: ids.moneys, price: 13 }],
      ['webhooks_get', { id: webhookId }],
      ['webhooks_update', { id: webhookId, description: 'agent' }],
      ['webhooks_retry_delivery', { id: webhookId, delivery_id: deliveries[0].id }],
      ['webhooks_rotate_secret', { id: webhookId }],
      ['webhooks_create', { url: 'https://93.184.215.14/hook' }],
      ...Object.entries(ids)
        .reverse()
        .map(([resource, id]): [string, Record<string, unknown>] => [`${resource}_delete`, { id }]),
      ['webhooks_delete', { id: webhookId }],
      ['calendar_feeds_list', {}],
      ['calendar_feeds_get', { id: feedId }],
      ['calendar_feeds_regenerate', { id: feedId }],
      ['calendar_feeds_delete', { id: feedId }],
    ];
    const listed = new Set((await client.listTools()).tools.map((tool) => tool.name));
    for (const [name, args] of calls) {
      const answer = await call(client, name, args);
      expect(answer.isError, `${name}: ${answer.content[0]?.text}`).to.equal(undefined);
      expect(answer.structuredContent.success, name).to.equal(true);
      expect(answer.content[0]?.text, name).to.be.a('string').that.is.not.empty;
      listed.delete(name);
    }
    for (const name of Object.keys(ids).map((resource) => `${resource}_create`)) listed.delete(name);
    listed.delete('webhooks_list');
    listed.delete('webhooks_deliveries');
    listed.delete('calendar_feeds_create');
    expect([...listed], 'tools never called').to.deep.equal([]);
  });

  it('a status change answers its gamification feedback, in the data and in the summary', async () => {
    const client = await connect(await keyWith('tasks:*'));
    const task = (await call(client, 'tasks_create', { title: 'Ship it', priority: 1 })).structuredContent
      .data.task;
    const moved = await call(client, 'tasks_change_status', { id: task.id, status: 2 });
    expect(moved.structuredContent.data.task.status).to.equal(2);
    expect(moved.structuredContent.gamification).to.include({ event: 'task_completed' });
    expect(moved.structuredContent.gamification.points_awarded).to.be.above(0);
    expect(moved.content[0]?.text).to.match(/^Updated task \d+ “Ship it”\. Points \+\d+/);
  });

  it('refuses a tasks:read key a create with the contract’s code, and lists only the tools it may call', async () => {
    const client = await connect(await keyWith('tasks:read'));
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).to.include.members(['tasks_list', 'tasks_get', 'sync', 'batch']);
    expect(names).not.to.include.members(['tasks_create', 'clients_list']);
    const refused = await call(client, 'tasks_create', { title: 'Not allowed' });
    expect(refused.isError).to.equal(true);
    expect(refused.structuredContent.error.code).to.equal('INSUFFICIENT_SCOPE');
    expect(refused.content[0]?.text).to.match(/^INSUFFICIENT_SCOPE \(HTTP 403\)/);
  });

  it('reports bad input per field, as HTTP does', async () => {
    const client = await connect(await keyWith('tasks:*'));
    const refused = await call(client, 'tasks_create', { title: '', priority: 9, colour: 'red' });
    expect(refused.isError).to.equal(true);
    const details = refused.structuredContent.error.details.map((d: { field: string; code: string }) => [
      d.field,
      d.code,
    ]);
    expect(details).to.deep.include.members([
      ['title', 'REQUIRED'],
      ['priority', 'OUT_OF_RANGE'],
      ['colour', 'UNKNOWN_FIELD'],
    ]);
    expect(refused.content[0]?.text).to.include('- priority:');
    const missing = await call(client, 'tasks_get', { id: 2_147_483_000 });
    expect(missing.structuredContent.error.code).to.equal('NOT_FOUND');
  });

  it('answers /mcp only with a valid key, and only to POST', async () => {
    const anonymous = await fetch(`${baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(anonymous.status).to.equal(401);
    const stream = await fetch(`${baseUrl}/mcp`, {
      headers: { authorization: `Bearer ${await keyWith('tasks:read')}` },
    });
    expect(stream.status).to.equal(405);
    expect(stream.headers.get('allow')).to.equal('POST');
  });
});
