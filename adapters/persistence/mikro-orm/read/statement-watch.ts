import pg, { type Pool, type PoolClient } from 'pg';

/**
 * How much longer than the server's `statement_timeout` the client waits for an answer: the server
 * cancels a slow statement itself and the connection stays good; only a server that answers nothing
 * at all (hung, or cut off without a reset) meets the client's bound, and that connection is cut.
 */
export const CLIENT_GRACE_MS = 500;

/**
 * Cuts the connection of a PostgreSQL statement that the server has not answered within `boundMs`,
 * so a database that hangs (a stopped process, a stuck disk, a network that drops packets) cannot
 * hold a request for as long as it hangs: pg then fails the statement ("Connection terminated"), the
 * request answers 503, and the pool drops the connection.
 *
 * It watches connections checked out of the pool: each counts from its checkout, and from each
 * statement it sends until that statement is answered; one coarse timer looks at them all, where a
 * timer per statement (pg's `query_timeout`) cost throughput and memory under load
 * (bench/RESULTS-mechanisms.md).
 */
export class StatementWatch {
  /** Connections checked out, and since when their current statement runs (epoch ms). */
  private readonly since = new Map<PoolClient, number>();
  private readonly timed = new WeakSet<PoolClient>();
  private ticker: NodeJS.Timeout | undefined;

  constructor(
    private readonly boundMs: number,
    /** How often it looks: a connection is cut at most this much after its bound. */
    private readonly tickMs = 100,
  ) {}

  /** Watches every connection `pool` hands out, until it comes back. */
  watch(pool: Pool): void {
    pool.on('acquire', (client) => {
      this.timeStatementsOf(client);
      this.since.set(client, Date.now());
      this.ticker ??= setInterval(() => this.cutLate(), this.tickMs).unref();
    });
    pool.on('release', (_error, client) => this.since.delete(client));
  }

  /**
   * Only a statement waiting for its answer is timed: a connection that holds a transaction between
   * two quick statements (a batch, an import) is the service's own doing, not a hang. Each
   * connection's `query` is wrapped once, at its first checkout (some connect before the watch).
   */
  private timeStatementsOf(client: PoolClient): void {
    if (this.timed.has(client)) return;
    this.timed.add(client);
    // trust boundary: pg's overloaded `query`, called through with the arguments it was given.
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const timed = (...args: unknown[]) => {
      this.started(client);
      const answer = query(...args);
      return answer instanceof Promise ? answer.finally(() => this.answered(client)) : answer;
    };
    // trust boundary: the same method, its statements timed from their start to their answer.
    client.query = timed as typeof client.query;
  }

  /** A statement on `client`: its time counts from now. */
  private started(client: PoolClient): void {
    if (this.since.has(client)) this.since.set(client, Date.now());
  }

  /** The statement on `client` was answered: nothing of it is waited for until the next. */
  private answered(client: PoolClient): void {
    if (this.since.has(client)) this.since.set(client, Number.POSITIVE_INFINITY);
  }

  private cutLate(): void {
    const late = Date.now() - this.boundMs;
    for (const [client, since] of this.since)
      if (since <= late) {
        this.since.delete(client);
        // The pool's connections are pg Clients: destroying the socket fails what waits on it.
        if (client instanceof pg.Client) client.connection.stream.destroy();
      }
    if (this.since.size === 0) {
      clearInterval(this.ticker);
      this.ticker = undefined;
    }
  }
}

/**
 * Gives a connection that ends while checked out (cut by the watch, or dropped by the server) back to
 * `pool` as broken, so the pool replaces it. Kysely releases a transaction's connection only after a
 * rollback that succeeded, and a rollback on a dead connection fails: without this, each transaction
 * broken by a lost connection kept one of the pool's connections for good, and closing the pool
 * waited for it forever. The pool's own `release` is made idempotent for the checkout, so Kysely's
 * later call, if it comes, does nothing.
 */
export const releasingDeadConnections = (pool: Pool): void => {
  const onEnd = new WeakMap<PoolClient, () => void>();
  pool.on('acquire', (client) => {
    // The pool sets the checkout's `release` just after this event, before handing the client out.
    queueMicrotask(() => {
      const release = client.release;
      let released = false;
      client.release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        release(error);
      };
      const dropped = () => client.release(new Error('the connection ended while checked out'));
      onEnd.set(client, dropped);
      client.once('end', dropped);
    });
  });
  pool.on('release', (_error, client) => {
    const dropped = onEnd.get(client);
    if (dropped !== undefined) client.off('end', dropped);
    onEnd.delete(client);
  });
};
