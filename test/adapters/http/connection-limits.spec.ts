import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import type { FastifyInstance } from 'fastify';
import { createHttpServer } from '../../../bootstrap/http-server.js';
import { openWorld, type World } from '../../support/world.js';

const LIMITS = {
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  keepAliveTimeoutMs: 1_000,
  maxHeaderBytes: 16 * 1024,
};

/** What a raw socket received until the server closed it (or `waitMs` passed). */
const drain = (socket: Socket, waitMs: number): Promise<{ text: string; closed: boolean }> =>
  new Promise((done) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    const timer = setTimeout(() => done({ text, closed: false }), waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      done({ text, closed: true });
    });
  });

describe('HTTP: slow clients, oversized headers and security headers', function () {
  this.timeout(30_000);
  let world: World;
  let app: FastifyInstance;
  let port: number;

  beforeEach(async () => {
    world = await openWorld();
    app = createHttpServer(world.workspace, false, { connectionLimits: LIMITS });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });

  afterEach(async () => {
    await app.close();
    await world.close();
  });

  const open = () =>
    new Promise<Socket>((done, fail) => {
      const socket = connect(port, '127.0.0.1', () => done(socket));
      socket.on('error', fail);
    });

  it('keeps serving others while 100 slowloris connections dribble headers, then cuts those off with 408', async () => {
    const slow = await Promise.all(Array.from({ length: 100 }, open));
    const drips = slow.map((socket, i) => {
      socket.write('GET /v1/health HTTP/1.1\r\nHost: x\r\n');
      return setInterval(() => socket.writable && socket.write(`X-Slow-${i}: a\r\n`), 200);
    });
    const endings = slow.map((socket) => drain(socket, LIMITS.headersTimeoutMs + 3_000));
    try {
      const started = Date.now();
      const health = await fetch(`http://127.0.0.1:${port}/v1/health`);
      expect(health.status).to.equal(200);
      expect(Date.now() - started).to.be.below(2_000);
      const ended = await Promise.all(endings);
      expect(ended.every((e) => e.closed)).to.equal(true);
      expect(ended[0]?.text).to.match(/^HTTP\/1\.1 408/);
      expect(ended[0]?.text).to.contain('"code":"REQUEST_TIMEOUT"');
      expect(ended[0]?.text)
        .to.contain('\r\nX-Content-Type-Options: nosniff\r\n')
        .and.match(/X-Request-Id: /);
    } finally {
      for (const drip of drips) clearInterval(drip);
      for (const socket of slow) socket.destroy();
    }
  });

  it('answers headers over 16 KiB with 431 and bytes that are not HTTP with 400, in the envelope', async () => {
    const big = await open();
    big.write(`GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`);
    const answer = await drain(big, 3_000);
    expect(answer.text).to.match(/^HTTP\/1\.1 431/);
    expect(answer.text).to.contain('"code":"HEADERS_TOO_LARGE"');
    const garbage = await open();
    garbage.write('\x00\x01 not http at all\r\n\r\n');
    const refused = await drain(garbage, 3_000);
    expect(refused.text).to.match(/^HTTP\/1\.1 400/);
    expect(refused.text).to.contain('"success":false');
    // Answered before any request exists, they still carry what every answer carries.
    for (const text of [answer.text, refused.text]) {
      expect(text).to.match(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
      expect(text).to.contain('\r\nX-Content-Type-Options: nosniff\r\n');
    }
  });

  it('sends nosniff everywhere and no-store on every answer of a keyed route', async () => {
    await world.user('alice');
    const key = await world.key('alice', 'tasks:*');
    const health = await app.inject({ method: 'GET', url: '/v1/health' });
    expect(health.headers['x-content-type-options']).to.equal('nosniff');
    for (const headers of [
      { authorization: `Bearer ${key}` },
      {},
      { authorization: 'Bearer wsk_live_nope' },
    ]) {
      const response = await app.inject({ method: 'GET', url: '/v1/tasks', headers });
      expect(response.headers['cache-control'], JSON.stringify(headers)).to.equal('no-store');
      expect(response.headers['x-content-type-options']).to.equal('nosniff');
    }
    const missing = await app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(missing.headers['x-content-type-options']).to.equal('nosniff');
  });
});
