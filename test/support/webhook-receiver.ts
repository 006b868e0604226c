import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  readonly id: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The parsed body. */
  readonly event: {
    readonly type: string;
    readonly timestamp: string;
    readonly data: Record<string, unknown>;
  };
}

/**
 * A real HTTP server that takes webhooks as a subscriber's would: it answers with `status()` (200
 * unless told) and keeps every request it answered 2xx to, after verifying its signature with the
 * Standard Webhooks library and the secrets it was given.
 */
export class WebhookReceiver {
  readonly received: Received[] = [];
  readonly attempts: string[] = [];
  /** Requests whose signature no secret verified. */
  readonly forged: string[] = [];
  secrets: string[] = [];
  status: () => number = () => 200;
  /** Resolves when the receiver may answer a request it has read (at once unless told). */
  answerWhen: () => Promise<void> = async () => undefined;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const id = String(request.headers['webhook-id']);
        this.attempts.push(id);
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        );
        const verified = this.secrets.some((secret) => {
          try {
            new Webhook(secret).verify(body, headers);
            return true;
          } catch {
            return false;
          }
        });
        if (!verified) this.forged.push(id);
        await this.answerWhen();
        const status = this.status();
        if (status >= 200 && status < 300 && verified)
          this.received.push({ id, headers: request.headers, body, event: JSON.parse(body) });
        response.writeHead(status).end();
      });
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  /** Waits until `count` events have been received (or fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 5000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(
          `received ${this.received.length} of ${count}: ${this.received.map((r) => r.event.type)}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.received;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
