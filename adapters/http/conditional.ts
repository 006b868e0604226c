import { hash } from 'node:crypto';
import type { Precondition } from '../../application/shared/precondition.js';

/**
 * Conditional requests (CONTRACT 8, RFC 9110 §13): a strong ETag per single-record answer, derived
 * from the record as stored (every field, its keys in one order whatever the adapter built it in), so
 * it changes whenever anything in the record does and is the same on every instance. Not from the
 * answer: `If-Match` is compared inside the write's transaction, where nothing is presented.
 * Records are flat (scalars and instants), which the key list as replacer relies on.
 */
export const etagOf = (record: object): string =>
  `"${hash('sha256', JSON.stringify(record, Object.keys(record).sort()), 'base64url').slice(0, 27)}"`;

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
export const listEtag = (version: string): string => `"l.${version}"`;

const LIST_TAG = /^"l\.([0-9]+-[0-9a-z]+)"$/;

/** The list version an `If-None-Match` names (its first list tag), for the list to be read only if it moved. */
export const listVersionIn = (header: string | undefined): string | undefined => {
  if (header === undefined) return undefined;
  const condition = parseCondition(header);
  if (condition.any) return undefined;
  for (const tag of condition.tags) {
    const version = LIST_TAG.exec(opaque(tag))?.[1];
    if (version !== undefined) return version;
  }
  return undefined;
};
