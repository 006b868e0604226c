import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { OutgoingWebhook, WebhookSender } from '../../application/ports/webhook-delivery.port.js';
import type { AttemptOutcome } from '../../domain/webhook/webhook.js';
import type { TargetPolicy } from '../../domain/webhook/webhook-target.js';
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

/**
 * Sends each attempt as one POST: the target checked and pinned (`resolveTarget`), no redirect
 * followed (a 3xx is a failure like any other non-2xx), 10 s for the whole exchange, at most 64 KiB
 * of the answer read.
 */
export class HttpWebhookSender implements WebhookSender {
  constructor(
    private readonly policy: TargetPolicy,
    private readonly timeoutMs: number = DELIVERY_TIMEOUT_MS,
  ) {}

  async send(message: OutgoingWebhook): Promise<AttemptOutcome> {
    const target = await resolveTarget(message.url, this.policy);
    if (isRefusal(target)) return { error: `target refused: ${target.message}` };
    const timestamp = new Date();
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: AttemptOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.destroy();
        resolve(outcome);
      };
      const request = (target.url.protocol === 'https:' ? httpsRequest : httpRequest)(
        target.url,
        {
          method: 'POST',
          lookup: pinnedLookup(target),
          agent: false,
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
          response.on('end', () => settle({ status }));
          response.on('error', () => settle({ status }));
        },
      );
      const timer = setTimeout(() => settle({ error: describe({ code: 'TIMEOUT' }) }), this.timeoutMs);
      request.on('error', (error) => settle({ error: describe(error) }));
      request.end(message.body);
    });
  }
}
