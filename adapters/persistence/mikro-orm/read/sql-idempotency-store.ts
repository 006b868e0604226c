import {
  hasLapsed,
  type IdempotencyClaim,
  type IdempotencyStore,
  type IdempotencyTiming,
  type StoredResponse,
} from '../../persistence.js';
import type { Statements } from '../orm-runner.js';
import { COLUMNS } from '../schemas/columns.js';

/** A claim may find the holder gone, or lapsed, between its insert and its look: try again. */
const CLAIM_ATTEMPTS = 3;

/**
 * Idempotency keys in the `idempotency_keys` table: one atomic insert claims a key, so one request
 * runs per key across every instance on the database. Expired rows are swept now and then.
 */
export class SqlIdempotencyStore implements IdempotencyStore {
  private lastSweep = 0;

  constructor(private readonly q: Statements) {}

  /** The entry of (owner, key). */
  private entry(ownerId: number, key: string) {
    return this.q.db
      .selectFrom('idempotency_keys')
      .where('owner_id', '=', ownerId)
      .where('idempotency_key', '=', key);
  }

  async claim(
    ownerId: number,
    key: string,
    fingerprint: string,
    timing: IdempotencyTiming,
  ): Promise<IdempotencyClaim> {
    await this.sweep(timing);
    const { now } = timing;
    // A new key (the usual case) costs one statement; a held one a look, and a lapsed one a delete.
    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
      // The primary key (owner, key) lets exactly one of several racing inserts through.
      const claimed = await this.q.first(
        this.q.db
          .insertInto('idempotency_keys')
          .values({
            owner_id: ownerId,
            idempotency_key: key,
            fingerprint,
            started_at: now,
            expires_at: now + timing.ttlMs,
          })
          .onConflict((conflict) => conflict.columns(['owner_id', 'idempotency_key']).doNothing())
          .returning('owner_id'),
      );
      if (claimed !== undefined) return { kind: 'claimed' };
      const holder = await this.q.first(this.entry(ownerId, key).select(COLUMNS.idempotency_keys));
      if (holder === undefined) continue;
      const entry = {
        startedAt: holder.started_at,
        expiresAt: holder.expires_at,
        running: holder.status === null,
      };
      if (hasLapsed(entry, timing)) {
        // An expired entry, or a running one past its lease, gives way (only if it still is one).
        await this.q.run(
          this.q.db
            .deleteFrom('idempotency_keys')
            .where('owner_id', '=', ownerId)
            .where('idempotency_key', '=', key)
            .where((row) =>
              row.or([
                row('expires_at', '<=', now),
                row.and([row('status', 'is', null), row('started_at', '<=', now - timing.leaseMs)]),
              ]),
            ),
        );
        continue;
      }
      if (holder.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (holder.status === null) return { kind: 'running' };
      return {
        kind: 'completed',
        response: {
          status: holder.status,
          body: String(holder.response_body),
          // trust boundary: written by this store from an answer's headers, names to text.
          headers: JSON.parse(String(holder.response_headers)) as Record<string, string>,
        },
      };
    }
    // Claimed and released by others three times over while we looked: as good as running.
    return { kind: 'running' };
  }

  async complete(ownerId: number, key: string, response: StoredResponse): Promise<void> {
    await this.q.run(
      this.q.db
        .updateTable('idempotency_keys')
        .set({
          status: response.status,
          response_body: response.body,
          response_headers: JSON.stringify(response.headers),
        })
        .where('owner_id', '=', ownerId)
        .where('idempotency_key', '=', key),
    );
  }

  async release(ownerId: number, key: string): Promise<void> {
    await this.q.run(
      this.q.db
        .deleteFrom('idempotency_keys')
        .where('owner_id', '=', ownerId)
        .where('idempotency_key', '=', key)
        .where('status', 'is', null),
    );
  }

  /**
   * At most once an hour per instance, a claim first deletes the expired rows (never read anyway).
   * Awaited, not left running beside the claim: a statement nobody waits for can still hold a
   * connection when the pool closes.
   */
  private async sweep(timing: IdempotencyTiming): Promise<void> {
    if (timing.now - this.lastSweep < 3_600_000) return;
    this.lastSweep = timing.now;
    await this.q
      .run(this.q.db.deleteFrom('idempotency_keys').where('expires_at', '<=', timing.now))
      .catch(() => undefined);
  }
}
