import type { Agent, IncomingMessage } from 'node:http';
import type { LookupFunction } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import type { OutgoingWebhook, WebhookSender } from '../../application/ports/webhook-delivery.port.js';
import type { AttemptOutcome } from '../../domain/webhook/webhook.js';
import type { TargetPolicy } from '../../domain/webhook/webhook-target.js';
import { nodeHttp, nodeHttps } from '../system/node-http.js';
import { isRefusal, type ResolvedTarget, resolveTarget } from './target-resolution.js';

/** CONTRACT §10: a 2xx within 10 s counts; response bodies are read up to 64 KiB. */
export const DELIVERY_TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;

/** `webhook-signature`: one `v1,<base64>` per secret, space-separated, signed by the Standard Webhooks library. */
export const signatureOf = (message: OutgoingWebhook, timestamp: Date): string =>
  message.secrets.map((secret) => new Webhook(secret).sign(message.id, timestamp, message.body)).join(' ');

/** Connects to the address that was checked, whatever a new lookup of the name would say now. */
const pinnedLookup =
  (target: ResolvedTarget): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };

/** Node's error codes in words a subscription's owner can act on; never a stack or an internal message. */
const describe = (error: unknown): string => {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ETIMEDOUT':
    case 'TIMEOUT':
      return `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    default:
      return code.startsWith('ERR_TLS') || code.includes('CERT')
        ? `TLS failure (${code})`
        : `request failed${code === '' ? '' : ` (${code})`}`;
  }
};

/** Receivers whose connections are kept open between deliveries; past it, the oldest are closed. */
const MAX_KEPT_RECEIVERS = 256;
/**
 * Idle connections kept per receiver, and how long one may wait idle. Connections at once are not
 * capped: a delivery never waits for another's connection (its 10 s run from when it is sent).
 */
const IDLE_SOCKETS_PER_RECEIVER = 16;
const IDLE_SOCKET_MS = 5_000;

/**
 * Sends each attempt as one POST: the target checked and pinned (`resolveTarget`), no redirect
 * followed (a 3xx is a failure like any other non-2xx), 10 s for the whole exchange, at most 64 KiB
 * of the answer read.
 *
 * Connections to a receiver are kept open and reused (a new TCP and TLS handshake per delivery cost
 * more than the delivery): one keep-alive agent per receiver and checked address, so a kept
 * connection always goes to an address that was checked, and a name that resolves elsewhere later
 * gets connections of its own. Idle connections close after 5 s and never hold the process open.
 */
export class HttpWebhookSender implements WebhookSender {
  private readonly agents = new Map<string, Agent>();

  constructor(
    private readonly policy: TargetPolicy,
    private readonly timeoutMs: number = DELIVERY_TIMEOUT_MS,
  ) {}

  /** The agent keeping connections to this receiver at this address. */
  private agentFor(target: ResolvedTarget): Agent {
    const { protocol, hostname, port } = target.url;
    const key = `${protocol}//${hostname}:${port}@${target.address}`;
    const kept = this.agents.get(key);
    if (kept !== undefined) {
      // Most recently used last: the first is the one to close when there are too many.
      this.agents.delete(key);
      this.agents.set(key, kept);
      return kept;
    }
    const options = { keepAlive: true, maxFreeSockets: IDLE_SOCKETS_PER_RECEIVER, timeout: IDLE_SOCKET_MS };
    const agent = protocol === 'https:' ? new nodeHttps.Agent(options) : new nodeHttp.Agent(options);
    this.agents.set(key, agent);
    for (const [oldest, old] of this.agents) {
      if (this.agents.size <= MAX_KEPT_RECEIVERS) break;
      this.agents.delete(oldest);
      old.destroy();
    }
    return agent;
  }

  async send(message: OutgoingWebhook): Promise<AttemptOutcome> {
    // Each delivery starts on a turn of its own: a batch's signing and connecting would otherwise
    // run as one block, and the requests waiting on this process with it.
    await nextTurn();
    const target = await resolveTarget(message.url, this.policy);
    if (isRefusal(target)) return { error: `target refused: ${target.message}` };
    const timestamp = new Date();
    return new Promise((resolve) => {
      let settled = false;
      // `ended`: the answer was read to its end, so its connection may serve the next delivery.
      const settle = (outcome: AttemptOutcome, ended = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (!ended) request.destroy();
        resolve(outcome);
      };
      const request = (target.url.protocol === 'https:' ? nodeHttps.request : nodeHttp.request)(
        target.url,
        {
          method: 'POST',
          lookup: pinnedLookup(target),
          agent: this.agentFor(target),
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(message.body),
            'user-agent': 'workspace-api-webhooks/1',
            'webhook-id': message.id,
            'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
            'webhook-signature': signatureOf(message, timestamp),
          },
        },
        (response: IncomingMessage) => {
          const status = response.statusCode ?? 0;
          let read = 0;
          response.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read >= MAX_RESPONSE_BYTES) settle({ status });
          });
          response.on('end', () => settle({ status }, true));
          response.on('error', () => settle({ status }));
        },
      );
      const timer = setTimeout(
        () => settle({ error: `no answer within ${this.timeoutMs / 1000} s` }),
        this.timeoutMs,
      );
      request.on('error', (error) => settle({ error: describe(error) }));
      request.end(message.body);
    });
  }
}
