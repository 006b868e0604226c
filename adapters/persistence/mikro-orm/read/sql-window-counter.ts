import type { WindowCounter } from '../../persistence.js';
import type { SqlRunner } from './sql-runner.js';

/**
 * One atomic upsert per hit. A hit from a later window starts that window at 1; a hit stamped with
 * an earlier window (an instance whose clock lags a little) counts into the current one, so
 * instances never reset each other's windows.
 */
const HIT =
  'insert into rate_limit_windows (bucket, window_start, hits) values (?, ?, 1) ' +
  'on conflict (bucket) do update set ' +
  'hits = case when excluded.window_start > rate_limit_windows.window_start then 1 else rate_limit_windows.hits + 1 end, ' +
  'window_start = greatest(excluded.window_start, rate_limit_windows.window_start) ' +
  'returning hits, window_start as "windowStart"';

const FORGET = 'delete from rate_limit_windows where window_start < ?';

/**
 * Fixed windows counted in the database (PostgreSQL), so every instance on it shares one limit.
 * Finished windows are deleted now and then, at most once a window per instance.
 */
export class SqlWindowCounter implements WindowCounter {
  private lastSweep = 0;

  constructor(
    private readonly runner: SqlRunner,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(bucket: string, windowMs: number): ReturnType<WindowCounter['hit']> {
    const now = this.now();
    const windowStart = now - (now % windowMs);
    const row = await this.runner.get(HIT, [bucket, windowStart]);
    if (row === undefined) throw new Error('the rate-limit upsert returned no row');
    if (now - this.lastSweep >= windowMs) {
      this.lastSweep = now;
      this.runner.run(FORGET, [windowStart - windowMs]).catch(() => undefined);
    }
    return { hits: Number(row.hits), resetInMs: Number(row.windowStart) + windowMs - now };
  }
}
