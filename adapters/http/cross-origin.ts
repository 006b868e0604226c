import compress from '@fastify/compress';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { METHODS } from './route.js';

/** Answers at least this long are compressed when the client asks (`Accept-Encoding`). */
export const COMPRESS_FROM_BYTES = 1024;

/** Which origins a browser may call the API from (`CORS_ORIGINS`); `*` for any. */
export interface CorsSettings {
  readonly origins: readonly string[];
}

/** What a browser may send and read across origins: the API's own request and answer headers. */
const SENT = ['Authorization', 'X-API-Key', 'Content-Type', 'If-Match', 'If-None-Match', 'Idempotency-Key'];
const READ = [
  'ETag',
  'Location',
  'X-Request-Id',
  'Retry-After',
  'Idempotent-Replayed',
  'X-Accepted-Scopes',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

/**
 * Answers compressed (brotli or gzip, as the client asks) once they pass `COMPRESS_FROM_BYTES`, and,
 * when `cors` names origins, the CORS headers for them; a preflight is answered before any key is
 * read, as browsers send none with it. Without `cors`, no cross-origin header is ever sent.
 */
export const registerCompressionAndCors = (app: FastifyInstance, settings: CorsSettings | undefined) => {
  // Request bodies are taken as sent: a compressed body would grow past the body limit only once read.
  app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
  });
  if (settings === undefined || settings.origins.length === 0) return;
  app.register(cors, {
    origin: settings.origins.includes('*') ? '*' : [...settings.origins],
    methods: [...METHODS, 'HEAD'],
    allowedHeaders: SENT,
    exposedHeaders: READ,
    maxAge: 600,
  });
};
