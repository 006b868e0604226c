import { METHODS } from '../route.js';

/** The router's longest path parameter (`maxParamLength` in `buildHttpApp`): a longer one matches no route. */
export const MAX_PARAM_LENGTH = 200;

export type RouteMatch<R> =
  | { readonly kind: 'found'; readonly route: R; readonly params: Readonly<Record<string, string>> }
  /** A known path without this method: 405 with `Allow`. */
  | { readonly kind: 'method'; readonly allow: string }
  | { readonly kind: 'none' };

type Segment = { readonly literal: string } | { readonly param: string };

/** A path's segments after its leading slash, a trailing slash left out (as the router ignores it). */
export const pathSegments = (path: string): string[] =>
  (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/').slice(1);

const segmentsOf = (url: string): Segment[] =>
  pathSegments(url).map((part) => (part.startsWith(':') ? { param: part.slice(1) } : { literal: part }));

/**
 * Path parameters of `parts` along `pattern`, or null where it does not match. As the server's
 * router takes them (`routable-url.ts`): percent-decoded, or as literal text where they are not
 * valid percent-encoded UTF-8, and cut to the longest parameter.
 */
const paramsAlong = (
  pattern: readonly Segment[],
  parts: readonly string[],
): Record<string, string> | null => {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of pattern.entries()) {
    const part = parts[index] ?? '';
    if ('literal' in segment) {
      if (segment.literal !== part) return null;
      continue;
    }
    let value: string;
    try {
      value = decodeURIComponent(part);
    } catch {
      value = part;
    }
    params[segment.param] = value.slice(0, MAX_PARAM_LENGTH);
  }
  return params;
};

/**
 * Finds the route a method and path (no query) would reach, as the server's router does for a
 * request: a trailing slash makes no difference, parameters are percent-decoded, and a path that
 * only other methods serve is a 405.
 */
export const routeMatcher = <R extends { readonly method: string; readonly url: string }>(
  routes: readonly R[],
) => {
  const patterns = routes.map((route) => ({ route, segments: segmentsOf(route.url) }));
  return (method: string, path: string): RouteMatch<R> => {
    const parts = pathSegments(path);
    const allowed: string[] = [];
    for (const { route, segments } of patterns) {
      const params = paramsAlong(segments, parts);
      if (params === null) continue;
      if (route.method === method) return { kind: 'found', route, params };
      allowed.push(route.method);
    }
    if (allowed.length === 0) return { kind: 'none' };
    const known = METHODS.filter((m) => allowed.includes(m));
    return { kind: 'method', allow: [...known, ...(known.includes('GET') ? ['HEAD'] : [])].join(', ') };
  };
};
