import type { IncomingHttpHeaders } from 'node:http';

/**
 * The key a request presents: `Authorization: Bearer <key>` (scheme in any case) or `X-API-Key`.
 * Both present and different, or an Authorization header of another scheme, is an invalid key.
 */
export type PresentedKey =
  | { readonly kind: 'none' }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'key'; readonly key: string };

const BEARER = /^bearer[ \t]+(\S+)[ \t]*$/i;

export const presentedKey = (headers: IncomingHttpHeaders): PresentedKey => {
  const authorization = headers.authorization;
  const apiKeyHeader = headers['x-api-key'];
  if (Array.isArray(apiKeyHeader)) return { kind: 'invalid' };
  let bearer: string | undefined;
  if (authorization !== undefined) {
    const match = BEARER.exec(authorization);
    if (!match) return { kind: 'invalid' };
    bearer = match[1];
  }
  const apiKey = apiKeyHeader?.trim();
  if (bearer !== undefined && apiKey !== undefined && bearer !== apiKey) return { kind: 'invalid' };
  const key = bearer ?? apiKey;
  return key === undefined || key === '' ? { kind: 'none' } : { kind: 'key', key };
};
