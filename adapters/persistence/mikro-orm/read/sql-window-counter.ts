import type { WindowCounter } from '../../persistence.js';
import type { Statements } from '../orm-runner.js';

/**
 * Fixed windows counted in the database (PostgreSQL), so every instance on it shares one limit:
 * one atomic upsert per hit. A hit from a later window starts that window at 1; a hit stamped with
 * an earlier window (an instance whose clock lags a little) counts into the current one, so
 * instances never reset each other's windows. Finished windows are deleted now and then, at most
 * once a window per instance.
 */
export class SqlWindowCounter implements WindowCounter {
  private lastSweep = 0;

  constructor(
    private readonly q: Statements,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(bucket: string, windowMs: number): ReturnType<WindowCounter['hit']> {
    const now = this.now();
    const windowStart = now - (now % windowMs);
    const { db } = this.q;
    const row = await this.q.returned(
      db
        .insertInto('rate_limit_windows')
        .values({ bucket, window_start: windowStart, hits: 1 })
        .onConflict((conflict) =>
          conflict.column('bucket').doUpdateSet((update) => ({
            hits: update
              .case()
              .when('excluded.window_start', '>', update.ref('rate_limit_windows.window_start'))
              .then(1)
              .else(update('rate_limit_windows.hits', '+', 1))
              .end(),
            window_start: update.fn<number>('greatest', [
              update.ref('excluded.window_start'),
              update.ref('rate_limit_windows.window_start'),
            ]),
          })),
        )
        .returning(['hits', 'window_start']),
    );
    // Once a window per instance, the windows past are deleted; awaited, so no statement is left
    // running unwatched (the pool waits for it when it closes).
    if (now - this.lastSweep >= windowMs) {
      this.lastSweep = now;
      await this.q
        .run(db.deleteFrom('rate_limit_windows').where('window_start', '<', windowStart - windowMs))
        .catch(() => undefined);
    }
    return { hits: row.hits, resetInMs: row.window_start + windowMs - now };
  }
}
