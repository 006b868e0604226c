import {
  hasLapsed,
  type IdempotencyClaim,
  type IdempotencyStore,
  type IdempotencyTiming,
  type StoredResponse,
} from '../persistence.js';

interface Entry {
  readonly fingerprint: string;
  readonly startedAt: number;
  readonly expiresAt: number;
  readonly response: StoredResponse | null;
}

const entryId = (ownerId: number, key: string) => `${ownerId}\n${key}`;

/** Idempotency keys in the process, with the same rules as the SQL store (one process only). */
export class InMemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  async claim(
    ownerId: number,
    key: string,
    fingerprint: string,
    timing: IdempotencyTiming,
  ): Promise<IdempotencyClaim> {
    const id = entryId(ownerId, key);
    const held = this.entries.get(id);
    if (held === undefined || hasLapsed({ ...held, running: held.response === null }, timing)) {
      this.entries.set(id, {
        fingerprint,
        startedAt: timing.now,
        expiresAt: timing.now + timing.ttlMs,
        response: null,
      });
      return { kind: 'claimed' };
    }
    if (held.fingerprint !== fingerprint) return { kind: 'mismatch' };
    return held.response === null ? { kind: 'running' } : { kind: 'completed', response: held.response };
  }

  async complete(ownerId: number, key: string, response: StoredResponse): Promise<void> {
    const id = entryId(ownerId, key);
    const held = this.entries.get(id);
    if (held !== undefined) this.entries.set(id, { ...held, response });
  }

  async release(ownerId: number, key: string): Promise<void> {
    const id = entryId(ownerId, key);
    if (this.entries.get(id)?.response === null) this.entries.delete(id);
  }
}
