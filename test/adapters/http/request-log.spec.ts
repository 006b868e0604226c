import { expect } from 'chai';
import type { FastifyInstance } from 'fastify';
import { createHttpServer } from '../../../bootstrap/http-server.js';
import { openWorld, type World } from '../../support/world.js';

describe('HTTP request log: one JSON line per request, never a secret', () => {
  let world: World;
  let app: FastifyInstance;
  let lines: string[];
  let key: string;
  let userId: number;

  beforeEach(async () => {
    world = await openWorld();
    userId = (await world.user('alice')).userId;
    key = await world.key('alice', 'tasks:*');
    lines = [];
    app = createHttpServer(world.workspace, {
      level: 'info',
      stream: { write: (line: string) => lines.push(line) },
    });
    await app.ready();
  });

  afterEach(async () => {
    await app.close();
    await world.close();
  });

  const requestLines = () =>
    lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === 'request');

  it('names the route pattern, status, duration, user, key and error code', async () => {
    await app.inject({ method: 'GET', url: '/v1/tasks', headers: { authorization: `Bearer ${key}` } });
    await app.inject({ method: 'GET', url: '/v1/tasks/424242', headers: { 'x-api-key': key } });
    const [listed, missing] = requestLines();
    expect(listed).to.deep.include({ method: 'GET', route: '/v1/tasks', status: 200, user_id: userId });
    expect(listed).not.to.have.property('error_code');
    expect(missing).to.deep.include({
      route: '/v1/tasks/:id',
      status: 404,
      error_code: 'NOT_FOUND',
      user_id: userId,
    });
    for (const entry of [listed, missing]) {
      expect(entry?.key_id).to.be.a('number');
      expect(entry?.duration_ms).to.be.a('number');
      expect(entry?.reqId).to.be.a('string');
    }
  });

  it('logs a path the router could not read once, with its request id, like any other', async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/v1/tasks/%ff%fe8',
      headers: { 'x-api-key': key },
    });
    const [logged, ...more] = requestLines();
    expect(more).to.deep.equal([]);
    expect(logged).to.deep.include({
      route: '/v1/tasks/:id',
      status: 404,
      reqId: answer.headers['x-request-id'],
    });
  });

  it('leaves no key, auth header, query string or body in the log, even on failures', async () => {
    const marker = 'BODY-MARKER-7f3a';
    const bearer = { authorization: `Bearer ${key}` };
    await app.inject({ method: 'POST', url: '/v1/tasks', headers: bearer, payload: { title: marker } });
    await app.inject({
      method: 'POST',
      url: '/v1/tasks',
      headers: { 'x-api-key': key },
      payload: { title: '' },
    });
    await app.inject({ method: 'GET', url: '/v1/tasks?search=QUERY-MARKER-9c1d', headers: bearer });
    const wrongKey = `${key.slice(0, -4)}AAAA`;
    await app.inject({ method: 'GET', url: '/v1/tasks', headers: { authorization: `Bearer ${wrongKey}` } });
    await app.inject({ method: 'GET', url: '/v1/tasks', headers: { 'x-api-key': wrongKey } });

    const output = lines.join('');
    expect(requestLines()).to.have.length(5);
    for (const secret of [key, wrongKey, key.slice(9), marker, 'QUERY-MARKER-9c1d'])
      expect(output, secret).not.to.include(secret);
    expect(output.toLowerCase()).not.to.include('authorization');
    expect(output.toLowerCase()).not.to.include('x-api-key');
    expect(requestLines().map((entry) => entry.error_code)).to.deep.equal([
      undefined,
      'TITLE_REQUIRED',
      undefined,
      'INVALID_API_KEY',
      'INVALID_API_KEY',
    ]);
  });
});
