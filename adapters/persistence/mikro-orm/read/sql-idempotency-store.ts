import {
  hasLapsed,
  type IdempotencyClaim,
  type IdempotencyStore,
  type IdempotencyTiming,
  type StoredResponse,
} from '../../persistence.js';
import type { SqlRunner } from './sql-runner.js';

/** An expired entry, or a running one past its lease, gives way to a new claim (only if it still is one). */
const FORGET_LAPSED =
  'delete from idempotency_keys where owner_id = ? and idempotency_key = ? ' +
  'and (expires_at <= ? or (status is null and started_at <= ?))';

/** The primary key (owner, key) lets exactly one of several racing inserts through. */
const CLAIM =
  'insert into idempotency_keys (owner_id, idempotency_key, fingerprint, started_at, expires_at) ' +
  'values (?, ?, ?, ?, ?) on conflict (owner_id, idempotency_key) do nothing returning owner_id';

const HOLDER =
  'select fingerprint, status, response_body as "body", response_headers as "headers", ' +
  'started_at as "startedAt", expires_at as "expiresAt" ' +
  'from idempotency_keys where owner_id = ? and idempotency_key = ?';

const COMPLETE =
  'update idempotency_keys set status = ?, response_body = ?, response_headers = ? ' +
  'where owner_id = ? and idempotency_key = ?';

const RELEASE = 'delete from idempotency_keys where owner_id = ? and idempotency_key = ? and status is null';

const SWEEP = 'delete from idempotency_keys where expires_at <= ?';

/** A claim may find the holder gone, or lapsed, between its insert and its look: try again. */
const CLAIM_ATTEMPTS = 3;

/**
 * Idempotency keys in the `idempotency_keys` table: one atomic insert claims a key, so one request
 * runs per key across every instance on the database. Expired rows are swept now and then.
 */
export class SqlIdempotencyStore implements IdempotencyStore {
  private lastSweep = 0;

  constructor(private readonly runner: SqlRunner) {}

  async claim(
    ownerId: number,
    key: string,
    fingerprint: string,
    timing: IdempotencyTiming,
  ): Promise<IdempotencyClaim> {
    this.sweep(timing);
    const { now } = timing;
    // A new key (the usual case) costs one statement; a held one a look, and a lapsed one a delete.
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      const claimed = await this.runner.get(CLAIM, [ownerId, key, fingerprint, now, now + timing.ttlMs]);
      if (claimed !== undefined) return { kind: 'claimed' };
      const holder = await this.runner.get(HOLDER, [ownerId, key]);
      if (holder === undefined) continue;
      const entry = {
        startedAt: Number(holder.startedAt),
        expiresAt: Number(holder.expiresAt),
        running: holder.status === null,
      };
      if (hasLapsed(entry, timing)) {
        await this.runner.run(FORGET_LAPSED, [ownerId, key, now, now - timing.leaseMs]);
        continue;
      }
      if (holder.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (holder.status === null) return { kind: 'running' };
      return {
        kind: 'completed',
        response: {
          status: Number(holder.status),
          body: String(holder.body),
          // trust boundary: written by this store from an answer's headers, names to text.
          headers: JSON.parse(String(holder.headers)) as Record<string, string>,
        },
      };
    }
    // Claimed and released by others three times over while we looked: as good as running.
    return { kind: 'running' };
  }

  async complete(ownerId: number, key: string, response: StoredResponse): Promise<void> {
    await this.runner.run(COMPLETE, [
      response.status,
      response.body,
      JSON.stringify(response.headers),
      ownerId,
      key,
    ]);
  }

  async release(ownerId: number, key: string): Promise<void> {
    await this.runner.run(RELEASE, [ownerId, key]);
  }

  /** At most once an hour per instance, in the background: expired rows are never read anyway. */
  private sweep(timing: IdempotencyTiming): void {
    if (timing.now - this.lastSweep < 3_600_000) return;
    this.lastSweep = timing.now;
    this.runner.run(SWEEP, [timing.now]).catch(() => undefined);
  }
}
