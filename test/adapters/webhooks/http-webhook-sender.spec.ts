import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { HttpWebhookSender, MAX_RESPONSE_BYTES } from '../../../adapters/webhooks/http-webhook-sender.js';

const LOCAL = { allowHttp: true, allowPrivate: true };
const secret = `whsec_${randomBytes(24).toString('base64')}`;

/** A receiver answering with `answer`, counting the TCP connections it was opened. */
const receiver = async (answer: (request: IncomingMessage, response: ServerResponse) => void) => {
  let connections = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => answer(request, response));
  });
  server.on('connection', () => {
    connections += 1;
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    connections: () => connections,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

const message = (url: string, id = 'msg_1') => ({
  url,
  id,
  body: '{"type":"task.created"}',
  secrets: [secret],
});

describe('the webhook sender', () => {
  it('posts the body signed by the Standard Webhooks library, and a 2xx counts', async () => {
    let headers: Record<string, string> = {};
    const target = await receiver((request, response) => {
      headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      response.writeHead(204).end();
    });
    const outcome = await new HttpWebhookSender(LOCAL).send(message(target.url));
    await target.stop();
    expect(outcome).to.deep.equal({ status: 204 });
    expect(() => new Webhook(secret).verify('{"type":"task.created"}', headers)).not.to.throw();
  });

  it('keeps its connection to a receiver open between deliveries', async () => {
    const target = await receiver((_request, response) => response.writeHead(200).end('ok'));
    const sender = new HttpWebhookSender(LOCAL);
    for (const id of ['msg_1', 'msg_2', 'msg_3']) {
      expect(await sender.send(message(target.url, id))).to.deep.equal({ status: 200 });
    }
    expect(target.connections()).to.equal(1);
    await target.stop();
  });

  it('never makes a delivery wait for the connection of another', async () => {
    const target = await receiver((_request, response) => {
      setTimeout(() => response.writeHead(200).end(), 400);
    });
    const sender = new HttpWebhookSender(LOCAL, 1_000);
    const ids = Array.from({ length: 40 }, (_, i) => `msg_${i}`);
    const outcomes = await Promise.all(ids.map((id) => sender.send(message(target.url, id))));
    await target.stop();
    expect(outcomes).to.deep.equal(ids.map(() => ({ status: 200 })));
    expect(target.connections()).to.equal(40);
  });

  it('follows no redirect: a 3xx is an answer like any other non-2xx', async () => {
    let requests = 0;
    const target = await receiver((_request, response) => {
      requests += 1;
      response.writeHead(302, { location: '/elsewhere' }).end();
    });
    expect(await new HttpWebhookSender(LOCAL).send(message(target.url))).to.deep.equal({ status: 302 });
    expect(requests).to.equal(1);
    await target.stop();
  });

  it('reads at most 64 KiB of an answer, and closes that connection', async () => {
    const target = await receiver((_request, response) => {
      response.writeHead(200);
      response.end(Buffer.alloc(MAX_RESPONSE_BYTES * 4, 'x'));
    });
    const sender = new HttpWebhookSender(LOCAL);
    expect(await sender.send(message(target.url))).to.deep.equal({ status: 200 });
    expect(await sender.send(message(target.url, 'msg_2'))).to.deep.equal({ status: 200 });
    expect(target.connections()).to.equal(2);
    await target.stop();
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const target = await receiver(() => undefined);
    const outcome = await new HttpWebhookSender(LOCAL, 200).send(message(target.url));
    await target.stop();
    expect(outcome).to.deep.equal({ error: 'no answer within 0.2 s' });
  });

  it('says a refused connection is one', async () => {
    const target = await receiver((_request, response) => response.end());
    const { url } = target;
    await target.stop();
    expect(await new HttpWebhookSender(LOCAL).send(message(url))).to.deep.equal({
      error: 'connection refused',
    });
  });
});
