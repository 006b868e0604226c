import { type ApiKey, needsLastUsedTouch } from '../../../../domain/api-key/api-key.js';

/** How long a key read from the database answers for it, unless told otherwise. */
export const DEFAULT_KEY_CACHE_MS = 5_000;

/** Enough keys for every client of an instance; past it, the oldest reads are read again. */
const CAPACITY = 10_000;

interface Entry {
  readonly key: ApiKey;
  readonly readAt: number;
}

/**
 * Keys by digest as last read, so a request needs no statement to find its key. Whatever a key
 * says is checked on every use (`isUsable`: expiry and revocation against the clock), so only what
 * the database learned since the read can be missed: a key revoked (or rotated) through another
 * instance or the CLI stops working within `ttlMs`; through this one, at once (`forget`). Unknown
 * digests are never kept: a key created elsewhere works at once, and guesses cost nothing here.
 */
export class ApiKeyCache {
  private readonly byDigest = new Map<string, Entry>();
  private readonly digestById = new Map<number, string>();
  /** Counts `forget`s: a read that began before one may hold the key as it was before the revocation. */
  private revocations = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get(digest: string): ApiKey | undefined {
    const entry = this.byDigest.get(digest);
    if (entry === undefined) return undefined;
    if (this.now() - entry.readAt < this.ttlMs) return entry.key;
    this.drop(digest);
    return undefined;
  }

  private drop(digest: string): void {
    const entry = this.byDigest.get(digest);
    this.byDigest.delete(digest);
    if (entry !== undefined && this.digestById.get(entry.key.id) === digest)
      this.digestById.delete(entry.key.id);
  }

  /** Where revocations stand now: a read of the database takes it before it starts, and gives it to `set`. */
  mark(): number {
    return this.revocations;
  }

  /** Keeps a key read from the database, unless a key was revoked here since the read began (`mark`). */
  set(key: ApiKey, readFrom: number): void {
    if (this.ttlMs <= 0 || readFrom !== this.revocations) return;
    // Re-inserted last: the map's order is the order of reading, the oldest first out.
    this.drop(key.digest);
    if (this.byDigest.size >= CAPACITY) {
      const oldest = this.byDigest.keys().next();
      if (!oldest.done) this.drop(oldest.value);
    }
    this.byDigest.set(key.digest, { key, readAt: this.now() });
    this.digestById.set(key.id, key.digest);
  }

  /**
   * The key's last use as the refresh writes it (the same once-a-minute rule), so the requests that
   * follow do not each write it again.
   */
  touched(keyId: number, at: Date): void {
    const digest = this.digestById.get(keyId);
    const entry = digest === undefined ? undefined : this.byDigest.get(digest);
    if (digest !== undefined && entry !== undefined && needsLastUsedTouch(entry.key, at))
      this.byDigest.set(digest, { key: { ...entry.key, lastUsedAt: at }, readAt: entry.readAt });
  }

  /** Drops a key this instance revoked: its next use reads it again. */
  forget(keyId: number): void {
    this.revocations += 1;
    const digest = this.digestById.get(keyId);
    if (digest !== undefined) this.drop(digest);
  }
}
