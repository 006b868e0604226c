import { gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../../bootstrap/config.js';
import { createHttpServer } from '../../../bootstrap/http-server.js';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';

const APP = 'https://app.example';

/** Issue 58, item 9: compressed answers when asked for, and CORS only where configured. */
describe('HTTP: compression, and CORS when configured', () => {
  let world: HttpWorld;
  let key: string;
  let withCors: FastifyInstance;

  before(async () => {
    world = await openHttpWorld();
    const alice = await world.user('alice');
    for (let i = 0; i < 20; i += 1) await alice.tasks.create({ title: `A task long enough to add up ${i}` });
    key = await world.key('alice', 'tasks:read');
    withCors = createHttpServer(world.workspace, false, { corsOrigins: [APP] });
    await withCors.ready();
  });
  after(async () => {
    await withCors.close();
    await world.close();
  });

  const list = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/v1/tasks', headers: { authorization: `Bearer ${key}`, ...headers } });

  it('compresses an answer over 1 KiB when the client asks, and not otherwise', async () => {
    const plain = await list(world.app, {});
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.rawPayload.length).to.be.above(1024);
    const gzipped = await list(world.app, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).to.equal('gzip');
    expect(gzipped.rawPayload.length).to.be.below(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).to.deep.equal(plain.json());
    const brotli = await list(world.app, { 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).to.equal('br');
    const small = await world.app.inject({
      method: 'GET',
      url: '/v1/health',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).to.equal(undefined);
  });

  it('sends no CORS header unless origins are configured', async () => {
    const answer = await list(world.app, { origin: APP });
    expect(answer.headers['access-control-allow-origin']).to.equal(undefined);
    const preflight = await world.app.inject({
      method: 'OPTIONS',
      url: '/v1/tasks',
      headers: { origin: APP, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).to.equal(undefined);
  });

  it('with CORS_ORIGINS, answers a preflight without a key and lets the browser read the API’s headers', async () => {
    const preflight = await withCors.inject({
      method: 'OPTIONS',
      url: '/v1/tasks',
      headers: {
        origin: APP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(preflight.statusCode).to.equal(204);
    expect(preflight.headers['access-control-allow-origin']).to.equal(APP);
    expect(String(preflight.headers['access-control-allow-headers'])).to.include('Idempotency-Key');
    const answer = await list(withCors, { origin: APP });
    expect(answer.statusCode).to.equal(200);
    expect(answer.headers['access-control-allow-origin']).to.equal(APP);
    expect(String(answer.headers['access-control-expose-headers'])).to.include('ETag');
    const elsewhere = await list(withCors, { origin: 'https://other.example' });
    expect(elsewhere.headers['access-control-allow-origin']).to.equal(undefined);
  });

  it('reads CORS_ORIGINS as a list of origins, and refuses what is not one', () => {
    expect(loadConfig({}).corsOrigins).to.deep.equal([]);
    expect(loadConfig({ CORS_ORIGINS: `${APP}, http://localhost:5173` }).corsOrigins).to.deep.equal([
      APP,
      'http://localhost:5173',
    ]);
    expect(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins).to.deep.equal(['*']);
    expect(() => loadConfig({ CORS_ORIGINS: 'app.example/path' })).to.throw(/CORS_ORIGINS/);
  });
});
