import { MAX_PARAM_LENGTH } from './batch/route-matcher.js';

const decodes = (text: string): boolean => {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

/** A path segment the router can match: its `%` taken literally where it is not UTF-8, and cut to length. */
const routableSegment = (segment: string): string => {
  const literal = decodes(segment) ? segment : segment.replaceAll('%', '%25');
  return literal.length > MAX_PARAM_LENGTH ? literal.slice(0, MAX_PARAM_LENGTH) : literal;
};

/**
 * A request's URL as the router can always match it (fastify's `rewriteUrl`). A path segment that
 * is not valid percent-encoded UTF-8 (`/v1/notes/%ff%fe8`), or longer than any id, would otherwise
 * fail in the router, before the request id, the log line and the rate limit: taken as literal text
 * (and cut), it names no record, and the route answers 404 like for any other id that names none
 * (CONTRACT §1).
 */
export const routableUrl = (url: string): string => {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.length <= MAX_PARAM_LENGTH && decodes(path)) return url;
  const routable = path.split('/').map(routableSegment).join('/');
  return queryAt === -1 ? routable : `${routable}${url.slice(queryAt)}`;
};
