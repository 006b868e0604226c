import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';
import { failure } from './envelope.js';

/** How long a client may take, and how much it may send, before the server stops waiting for it. */
export interface ConnectionLimits {
  /** The request line and every header within this (slowloris: headers dribbled in forever). */
  readonly headersTimeoutMs: number;
  /** The whole request, body included, within this. */
  readonly requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  readonly keepAliveTimeoutMs: number;
  /** All request headers together, in bytes. */
  readonly maxHeaderBytes: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxHeaderBytes: 16 * 1024,
};

/** The fastify and Node.js server options that enforce `limits`. */
export const connectionOptions = (limits: ConnectionLimits): FastifyHttpOptions<Server> => ({
  requestTimeout: limits.requestTimeoutMs,
  keepAliveTimeout: limits.keepAliveTimeoutMs,
  http: {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    maxHeaderSize: limits.maxHeaderBytes,
    // Node checks the two timeouts this often; its default (30 s) would let a slow client stay far longer.
    connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
  },
  clientErrorHandler: answerClientError(limits),
});

type Answer = readonly [status: number, reason: string, code: string, message: string];

const NOT_HTTP: Answer = [400, 'Bad Request', 'VALIDATION_ERROR', 'The request is not valid HTTP.'];

/**
 * Errors Node raises before there is a request (a timeout, oversized headers, bytes that are not
 * HTTP): answered in the contract's envelope when the socket can still take it, then closed.
 */
const answerClientError = (limits: ConnectionLimits) => {
  const known: Readonly<Record<string, Answer>> = {
    ERR_HTTP_REQUEST_TIMEOUT: [
      408,
      'Request Timeout',
      'REQUEST_TIMEOUT',
      'The request took too long to arrive.',
    ],
    HPE_HEADER_OVERFLOW: [
      431,
      'Request Header Fields Too Large',
      'HEADERS_TOO_LARGE',
      `The request headers are larger than ${limits.maxHeaderBytes} bytes.`,
    ],
  };
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, code, message] = known[error.code ?? ''] ?? NOT_HTTP;
    const body = JSON.stringify(failure(code, message));
    // Every answer carries these two (CONTRACT §1); there is no request to take an id from.
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `X-Request-Id: ${randomUUID()}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
};
