/**
 * `"$ref:<name>"` in a batch (CONTRACT §11): an id value of a later operation naming the record an
 * earlier one (the one whose `ref` is `<name>`) answered with. Id values are a path's segments, and in
 * the query and the body the values of `id` and `*_id` fields (or the items of their arrays): a
 * title that happens to read `$ref:x` stays a title.
 */

export const REF_NAME_PATTERN = '^[A-Za-z0-9_.-]{1,64}$';
const REF_NAME = new RegExp(REF_NAME_PATTERN);
const REF = /^\$ref:(.*)$/s;

/** The name a value refers to, if it is a `$ref:` (the name may be malformed: `refNameProblem` says). */
export const refIn = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const matched = REF.exec(value);
  return matched === null ? null : (matched[1] ?? '');
};

export const isRefName = (name: string): boolean => REF_NAME.test(name);

const isIdField = (key: string): boolean => key === 'id' || key.endsWith('_id');

import type { Query } from '../dispatch.js';

export type { Query };

/** Every `$ref:` among an operation's id values, with where it is (`path`, `query.task_id`, `body.project_id`). */
export const refsOf = (
  segments: readonly string[],
  query: Query,
  body: unknown,
): { readonly name: string; readonly at: string }[] => {
  const found: { name: string; at: string }[] = [];
  for (const segment of segments) {
    const name = refIn(segment);
    if (name !== null) found.push({ name, at: 'path' });
  }
  for (const [key, value] of Object.entries(query)) {
    if (!isIdField(key)) continue;
    for (const item of typeof value === 'string' ? [value] : value) {
      const name = refIn(item);
      if (name !== null) found.push({ name, at: `query.${key}` });
    }
  }
  const walk = (value: unknown, at: string): void => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, `${at}[${index}]`);
    } else if (typeof value === 'object' && value !== null)
      for (const [key, inner] of Object.entries(value)) {
        const here = `${at}.${key}`;
        const name = isIdField(key) ? refIn(inner) : null;
        if (name !== null) found.push({ name, at: here });
        else if (isIdField(key) && Array.isArray(inner)) {
          for (const [index, item] of inner.entries()) {
            const itemName = refIn(item);
            if (itemName !== null) found.push({ name: itemName, at: `${here}[${index}]` });
          }
        } else walk(inner, here);
      }
  };
  walk(body, 'body');
  return found;
};

/** `value` with a `$ref:` replaced by the id it names. */
const resolved = (value: unknown, ids: ReadonlyMap<string, number>): unknown => {
  const name = refIn(value);
  const id = name === null ? undefined : ids.get(name);
  return id === undefined ? value : id;
};

/** Text (a path segment, a query value) with a `$ref:` replaced by the id it names, as text. */
const resolvedText = (text: string, ids: ReadonlyMap<string, number>): string => {
  const name = refIn(text);
  const id = name === null ? undefined : ids.get(name);
  return id === undefined ? text : String(id);
};

const pathWithIds = (segments: readonly string[], ids: ReadonlyMap<string, number>): string =>
  `/${segments.map((segment) => resolvedText(segment, ids)).join('/')}`;

const queryWithIds = (query: Query, ids: ReadonlyMap<string, number>): Query => {
  const resolvedQuery: Record<string, string | readonly string[]> = Object.create(null);
  for (const [key, value] of Object.entries(query))
    resolvedQuery[key] = !isIdField(key)
      ? value
      : typeof value === 'string'
        ? resolvedText(value, ids)
        : value.map((item) => resolvedText(item, ids));
  return resolvedQuery;
};

const bodyWithIds = (body: unknown, ids: ReadonlyMap<string, number>): unknown => {
  if (Array.isArray(body)) return body.map((item) => bodyWithIds(item, ids));
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      if (!isIdField(key)) return [key, bodyWithIds(value, ids)];
      if (Array.isArray(value)) return [key, value.map((item) => resolved(item, ids))];
      return [key, refIn(value) === null ? bodyWithIds(value, ids) : resolved(value, ids)];
    }),
  );
};

/**
 * An operation's path, query and body with the ids its refs name; as it came when it names none
 * (most operations of a bulk import), without rebuilding its query and body.
 */
export const withIds = (
  operation: {
    readonly segments: readonly string[];
    readonly query: Query;
    readonly body: unknown;
    readonly uses: readonly string[];
  },
  ids: ReadonlyMap<string, number>,
): { readonly path: string; readonly query: Query; readonly body: unknown } => {
  if (operation.uses.length === 0)
    return { path: `/${operation.segments.join('/')}`, query: operation.query, body: operation.body };
  return {
    path: pathWithIds(operation.segments, ids),
    query: queryWithIds(operation.query, ids),
    body: operation.body === undefined ? undefined : bodyWithIds(operation.body, ids),
  };
};
