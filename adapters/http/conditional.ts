import { hash } from 'node:crypto';
import type { Precondition } from '../../application/shared/precondition.js';

/** A record's fields in one order (whatever order an adapter built it in), instants as numbers. */
const stamp = (record: object): string => {
  // trust boundary: a record is a flat object of scalars and instants, read by key.
  const fields = record as Readonly<Record<string, unknown>>;
  const keys = Object.keys(record).sort();
  const values = keys.map((key) => {
    const value = fields[key];
    return value instanceof Date ? value.getTime() : value;
  });
  return JSON.stringify([keys, values]);
};

/**
 * Conditional requests (CONTRACT 8, RFC 9110 §13): a strong ETag per single-record answer, derived
 * from the record as stored, so it changes whenever anything in the record does and is the same on
 * every instance; not from the answer, so `If-Match` is compared inside the write's transaction
 * without presenting anything. A record that carries a version (a task: every write of its row
 * raises it, on every adapter) is tagged by its id and version; any other by its fields. Either way
 * the tag is a hash: one shape, nothing to read into it.
 */
export const etagOf = (record: object): string => {
  const versioned = 'version' in record && 'id' in record && typeof record.version === 'number';
  const tagged = versioned ? `v${String(record.id)}.${record.version}` : stamp(record);
  return `"${hash('sha256', tagged, 'base64url').slice(0, 27)}"`;
};

/** `If-Match` / `If-None-Match`: any current record (`*`), or a list of entity tags. */
type TagCondition = { readonly any: true } | { readonly any: false; readonly tags: readonly string[] };

const TAG = /\s*((?:W\/)?"[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/y;

/** The header's tags; an unparseable header matches nothing. */
const parseCondition = (header: string): TagCondition => {
  if (header.trim() === '*') return { any: true };
  const tags: string[] = [];
  TAG.lastIndex = 0;
  while (TAG.lastIndex < header.length) {
    const match = TAG.exec(header);
    if (match?.[1] === undefined) return { any: false, tags: [] };
    tags.push(match[1]);
  }
  return { any: false, tags };
};

const opaque = (tag: string) => tag.replace(/^W\//, '');

/** `If-Match` compares strongly: a weak tag never matches. */
export const ifMatchPrecondition = <R extends object>(
  header: string | undefined,
): Precondition<R> | undefined => {
  if (header === undefined) return undefined;
  const condition = parseCondition(header);
  return (record) => condition.any || condition.tags.includes(etagOf(record));
};

/** `If-None-Match` compares weakly: `W/"x"` matches `"x"`. */
export const noneMatch = (header: string | undefined, etag: string): boolean => {
  if (header === undefined) return true;
  const condition = parseCondition(header);
  return !condition.any && !condition.tags.some((tag) => opaque(tag) === opaque(etag));
};

/**
 * A list's strong ETag: the version the application read it at (CONTRACT §9), which moves with the
 * caller's change sequence and differs per query. Never a hash of the answer: nothing of a list is
 * kept to hash, and the version is known before the page is read.
 */
export const listEtag = (version: string, representation: Representation = 'json'): string =>
  `"${REPRESENTATION_MARK[representation]}.${version}"`;

/** How a list or report is written: each representation has tags of its own (a CSV's is not the JSON's). */
export type Representation = 'json' | 'csv' | 'ics';
const REPRESENTATION_MARK: Record<Representation, string> = { json: 'l', csv: 'c', ics: 'i' };
const LIST_TAG: Record<Representation, RegExp> = {
  json: /^"l\.([0-9]+-[0-9a-z]+)"$/,
  csv: /^"c\.([0-9]+-[0-9a-z]+)"$/,
  ics: /^"i\.([0-9]+-[0-9a-z]+)"$/,
};

/** The list version an `If-None-Match` names (its first list tag), for the list to be read only if it moved. */
export const listVersionIn = (
  header: string | undefined,
  representation: Representation = 'json',
): string | undefined => {
  if (header === undefined) return undefined;
  const condition = parseCondition(header);
  if (condition.any) return undefined;
  for (const tag of condition.tags) {
    const version = LIST_TAG[representation].exec(opaque(tag))?.[1];
    if (version !== undefined) return version;
  }
  return undefined;
};
