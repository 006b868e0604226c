import { expect } from 'chai';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createHttpServer } from '../../../bootstrap/http-server.js';
import { openWorld, type World } from '../../support/world.js';

describe('HTTP rate limits (CONTRACT 8): per key per minute, per address without a valid key', () => {
  let world: World;
  let app: FastifyInstance;
  let alice: string;

  const open = async (perMinute: number) => {
    app = createHttpServer(world.workspace, false, { rateLimit: { perMinute } });
    await app.ready();
  };
  const get = (key: string | null, url = '/v1/tasks', extra: InjectOptions = {}) =>
    app.inject({ method: 'GET', url, ...extra, headers: key === null ? {} : { 'x-api-key': key } });

  beforeEach(async () => {
    world = await openWorld();
    await world.user('alice');
    alice = await world.key('alice', 'tasks:*');
  });
  afterEach(async () => {
    await app.close();
    await world.close();
  });

  it('puts the limit, the remaining requests and the seconds to the reset on every authenticated response', async () => {
    await open(3);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await get(alice);
      expect(response.statusCode).to.equal(200);
      expect(response.headers['x-ratelimit-limit']).to.equal('3');
      expect(Number(response.headers['x-ratelimit-reset'])).to.be.within(1, 60);
      remaining.push(String(response.headers['x-ratelimit-remaining']));
    }
    expect(remaining).to.deep.equal(['2', '1', '0']);
  });

  it('answers 429 RATE_LIMITED with Retry-After past the limit, whatever the route, in the envelope', async () => {
    await open(2);
    await get(alice);
    await app.inject({
      method: 'POST',
      url: '/v1/tasks',
      headers: { 'x-api-key': alice },
      payload: { title: 'x' },
    });
    const refused = await get(alice, '/v1/tasks/1');
    expect(refused.statusCode).to.equal(429);
    expect(refused.json()).to.deep.include({ success: false });
    expect(refused.json().error.code).to.equal('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
    expect(refused.headers['x-ratelimit-remaining']).to.equal('0');
    expect(refused.headers['x-request-id']).to.be.a('string');
  });

  it('counts a path the router could not read like any other request (CONTRACT §1)', async () => {
    await open(2);
    for (const url of ['/v1/tasks/%ff%fe8', `/v1/tasks/${'9'.repeat(300)}`])
      expect((await get(alice, url)).statusCode, url).to.equal(404);
    expect((await get(alice)).statusCode).to.equal(429);
  });

  it('a refused request changes nothing', async () => {
    await open(1);
    await get(alice);
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/tasks',
      headers: { 'x-api-key': alice },
      payload: { title: 'never stored' },
    });
    expect(refused.statusCode).to.equal(429);
    const session = world.workspace.actingAs(1);
    const listed = await session.tasks.list({});
    expect(listed._tag === 'Right' && listed.right.total).to.equal(0);
  });

  it('counts each key on its own', async () => {
    await open(1);
    const other = await world.key('alice', 'tasks:read');
    expect((await get(alice)).statusCode).to.equal(200);
    expect((await get(alice)).statusCode).to.equal(429);
    expect((await get(other)).statusCode).to.equal(200);
  });

  it('counts requests without a valid key by address, so guessing keys is limited too', async () => {
    await open(2);
    const guess = `wsk_live_${'A'.repeat(40)}`;
    expect((await get(null)).statusCode).to.equal(401);
    expect((await get(guess)).statusCode).to.equal(401);
    const refused = await get(`wsk_live_${'B'.repeat(40)}`);
    expect(refused.statusCode).to.equal(429);
    expect((await get(null, '/v1/tasks', { remoteAddress: '10.0.0.9' })).statusCode).to.equal(401);
    expect((await get(alice)).statusCode, 'a valid key has its own window').to.equal(200);
  });

  it('exempts the health probe', async () => {
    await open(1);
    for (let i = 0; i < 5; i++) {
      const health = await get(null, '/v1/health');
      expect(health.statusCode).to.equal(200);
      expect(health.headers).not.to.have.property('x-ratelimit-limit');
    }
  });

  it('counts the public routes (but health) against the address, in one window with keyless requests', async () => {
    await open(3);
    const description = await get(null, '/v1/openapi.json');
    expect(description.statusCode).to.equal(200);
    expect(description.headers['x-ratelimit-remaining']).to.equal('2');
    expect((await get(null, '/docs')).statusCode).to.equal(200);
    expect((await get(null, '/v1/tasks')).statusCode, 'keyless: the same address window').to.equal(401);
    const refused = await get(null, '/docs/docs.js');
    expect(refused.statusCode).to.equal(429);
    expect(refused.json().error.code).to.equal('RATE_LIMITED');
    expect((await get(null, '/v1/health')).statusCode, 'health is never limited').to.equal(200);
    expect((await get(alice)).statusCode, 'a key has its own window').to.equal(200);
  });

  it("counts a calendar feed's URL against the address, whoever's feed it is (CONTRACT §12)", async () => {
    await open(2);
    const session = await world.user('bob');
    const made = await session.calendarFeeds.create({ name: 'Work' });
    if (made._tag === 'Left') throw new Error('no feed');
    const path = `/v1/calendar/${made.right.token}.ics`;
    const first = await get(null, path);
    expect(first.statusCode).to.equal(200);
    expect(first.headers['x-ratelimit-remaining']).to.equal('1');
    expect((await get(null, `/v1/calendar/${'A'.repeat(43)}.ics`)).statusCode).to.equal(404);
    const refused = await get(null, path);
    expect(refused.statusCode).to.equal(429);
    expect(refused.json().error.code).to.equal('RATE_LIMITED');
  });

  it('is off at RATE_LIMIT_PER_MINUTE=0: no headers, no 429', async () => {
    await open(0);
    for (let i = 0; i < 20; i++) {
      const response = await get(alice);
      expect(response.statusCode).to.equal(200);
      expect(response.headers).not.to.have.property('x-ratelimit-limit');
    }
  });

  it('counts each operation of a batch, not the batch: past the limit an operation answers 429 as alone', async () => {
    await open(3);
    const batch = (count: number) =>
      app.inject({
        method: 'POST',
        url: '/v1/batch',
        headers: { 'x-api-key': alice },
        payload: {
          atomic: false,
          operations: Array.from({ length: count }, (_, i) => ({
            method: 'POST',
            path: '/v1/tasks',
            body: { title: `t${i}` },
          })),
        },
      });
    const first = await batch(2);
    expect(first.json().data.results.map((r: { status: number }) => r.status)).to.deep.equal([201, 201]);
    expect(first.headers['x-ratelimit-remaining']).to.equal('1');
    const second = await batch(2);
    const statuses = second.json().data.results.map((r: { status: number }) => r.status);
    expect(statuses).to.deep.equal([201, 429]);
    expect(second.json().data.results[1].body.error.code).to.equal('RATE_LIMITED');
    expect((await get(alice)).statusCode).to.equal(429);
  });

  it('counts an MCP tool call as the request it makes, and any other MCP message as one', async () => {
    await open(2);
    const mcp = (message: object) =>
      app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { 'x-api-key': alice, accept: 'application/json, text/event-stream' },
        payload: { jsonrpc: '2.0', id: 1, ...message },
      });
    expect((await mcp({ method: 'tools/list' })).statusCode).to.equal(200);
    const called = await mcp({ method: 'tools/call', params: { name: 'tasks_list', arguments: {} } });
    expect(called.json().result.isError ?? false).to.equal(false);
    const refused = await mcp({ method: 'tools/call', params: { name: 'tasks_list', arguments: {} } });
    expect(refused.json().result.isError).to.equal(true);
    expect(refused.json().result.structuredContent.error.code).to.equal('RATE_LIMITED');
    expect((await mcp({ method: 'tools/list' })).statusCode).to.equal(429);
  });
});
