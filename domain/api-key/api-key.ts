import type { UserId } from '../task/task.js';
import type { Scope } from './scope.js';

export const API_KEY_PREFIX = 'wsk_live_';
/** At least 32 base62 characters after the prefix: ≥ 190 bits. */
export const API_KEY_PATTERN = /^wsk_live_[0-9A-Za-z]{32,128}$/;

export interface ApiKey {
  readonly id: number;
  readonly userId: UserId;
  /** SHA-256 of the whole key, hex. The key itself is never stored. */
  readonly digest: string;
  /** The first characters of the key, so a person can tell keys apart in a list. */
  readonly displayPrefix: string;
  readonly scopes: readonly Scope[];
  readonly createdAt: Date;
  readonly expiresAt: Date | null;
  /** When the key stops working: now when revoked, later when rotated with a grace period. */
  readonly revokedAt: Date | null;
  readonly lastUsedAt: Date | null;
}

export type NewApiKey = Omit<ApiKey, 'id'>;

/** A key as its owner and operators see it: everything but the digest that authenticates it. */
export type ApiKeyInfo = Omit<ApiKey, 'digest'>;

export const keyInfo = ({ digest: _digest, ...info }: ApiKey): ApiKeyInfo => info;

const isAfter = (moment: Date | null, now: Date): boolean =>
  moment === null || moment.getTime() > now.getTime();

export const isUsable = (key: Pick<ApiKey, 'expiresAt' | 'revokedAt'>, now: Date): boolean =>
  isAfter(key.revokedAt, now) && isAfter(key.expiresAt, now);

/** `last_used_at` is written at most once a minute per key, to keep reads read-only. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const needsLastUsedTouch = (key: Pick<ApiKey, 'lastUsedAt'>, now: Date): boolean =>
  key.lastUsedAt === null || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS;
