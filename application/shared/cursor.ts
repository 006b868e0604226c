import * as E from 'fp-ts/lib/Either.js';
import type { UserId } from '../../domain/task/task.js';
import type { SeekKey, SortKeyValue } from '../ports/paging.js';
import { checksumOf } from './checksum.js';
import { type InvalidCursor, invalidCursor } from './errors.js';
import { decodeOpaqueToken, encodeOpaqueToken } from './opaque-token.js';

/**
 * What a cursor is bound to (CONTRACT §9): whose list, which list, and the filters and sort it was
 * made with (the decoded query without its page). Used with anything else, it is refused.
 */
export interface CursorBinding {
  readonly userId: UserId;
  /** The list's name: a resource, or a task's history (`tasks/7/history`). */
  readonly list: string;
  readonly filters: unknown;
}

/** Bumped when what a cursor holds changes meaning, so that one made before is refused, not misread. */
const CURSOR_SHAPE = 1;

/** A cursor is at most this long (CONTRACT §9); one that is longer was not made here. */
export const CURSOR_MAX_LENGTH = 512;
/** The longest text sort key a read model gives out (a stored date is 23 characters). */
const KEY_TEXT_MAX_LENGTH = 64;
/** A list is ordered by at most a few keys, the id last. */
const MAX_KEYS = 4;

const checksum = (binding: CursorBinding, key: SeekKey): string =>
  checksumOf([CURSOR_SHAPE, binding.userId, binding.list, binding.filters, key]);

/**
 * The cursor for the page after `key`: the key and a checksum over it and the binding, as base64url
 * JSON. The checksum is not a signature: it catches a cursor used with another list, user, filter or
 * sort, and one edited by hand. One forged on purpose can only start a walk elsewhere in the caller's
 * own list, and a read model answers a key that does not fit its list as the list's end.
 */
export const encodeCursor = (binding: CursorBinding, key: SeekKey): string =>
  encodeOpaqueToken([checksum(binding, key), ...key]);

const isKeyValue = (value: unknown): value is SortKeyValue =>
  value === null ||
  (typeof value === 'number' && Number.isSafeInteger(value)) ||
  (typeof value === 'string' && value.length <= KEY_TEXT_MAX_LENGTH);

/** The key a cursor made by `encodeCursor` for this binding holds; anything else is `InvalidCursor`. */
export const decodeCursor = (binding: CursorBinding, cursor: string): E.Either<InvalidCursor, SeekKey> => {
  const payload = decodeOpaqueToken(cursor, CURSOR_MAX_LENGTH);
  if (!Array.isArray(payload) || payload.length < 2 || payload.length > MAX_KEYS + 1)
    return E.left(invalidCursor);
  const [sum, ...key] = payload;
  const id = key[key.length - 1];
  const fits = key.every(isKeyValue) && typeof id === 'number' && id > 0;
  return fits && sum === checksum(binding, key) ? E.right(key) : E.left(invalidCursor);
};
