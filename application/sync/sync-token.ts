import * as E from 'fp-ts/lib/Either.js';
import type { UserId } from '../../domain/task/task.js';
import { CHANGE_RESOURCES, type ChangeResource } from '../ports/change-log.port.js';
import { checksumOf } from '../shared/checksum.js';
import { type InvalidSyncToken, invalidSyncToken } from '../shared/errors.js';
import { decodeOpaqueToken, encodeOpaqueToken } from '../shared/opaque-token.js';

/** Where a sync stopped: after `seq` in the user's log, for `resources`, given out at `issuedAt`. */
export interface SyncPosition {
  readonly seq: number;
  readonly resources: readonly ChangeResource[];
  readonly issuedAt: Date;
}

/** Bumped when what a token holds changes meaning, so that one made before is refused, not misread. */
const TOKEN_SHAPE = 1;

/** A token is at most this long; one that is longer was not made here. */
export const SYNC_TOKEN_MAX_LENGTH = 128;

/** The resources as bits, in CHANGE_RESOURCES order. */
const maskOf = (resources: readonly ChangeResource[]): number =>
  CHANGE_RESOURCES.reduce(
    (mask, resource, bit) => (resources.includes(resource) ? mask | (1 << bit) : mask),
    0,
  );

const resourcesOf = (mask: number): ChangeResource[] =>
  CHANGE_RESOURCES.filter((_, bit) => (mask & (1 << bit)) !== 0);

const checksum = (userId: UserId, seq: number, issuedAt: number, mask: number): string =>
  checksumOf([TOKEN_SHAPE, 'sync', userId, seq, issuedAt, mask]);

/**
 * The `next_since` of a sync answer: the position and a checksum over it and the user, as base64url
 * JSON. Like a list cursor's, the checksum is not a signature: it refuses a token of another user
 * and one edited by hand; one forged on purpose only re-reads the caller's own log.
 */
export const encodeSyncToken = (userId: UserId, position: SyncPosition): string => {
  const issuedAt = Math.floor(position.issuedAt.getTime() / 1000);
  const mask = maskOf(position.resources);
  return encodeOpaqueToken([checksum(userId, position.seq, issuedAt, mask), position.seq, issuedAt, mask]);
};

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The position a token made by `encodeSyncToken` for this user holds; anything else is `InvalidSyncToken`. */
export const decodeSyncToken = (userId: UserId, token: string): E.Either<InvalidSyncToken, SyncPosition> => {
  const payload = decodeOpaqueToken(token, SYNC_TOKEN_MAX_LENGTH);
  if (!Array.isArray(payload) || payload.length !== 4) return E.left(invalidSyncToken);
  const [sum, seq, issuedAt, mask] = payload;
  const fits = isCount(seq) && isCount(issuedAt) && isCount(mask) && mask < 1 << CHANGE_RESOURCES.length;
  return fits && sum === checksum(userId, seq, issuedAt, mask)
    ? E.right({ seq, resources: resourcesOf(mask), issuedAt: new Date(issuedAt * 1000) })
    : E.left(invalidSyncToken);
};
