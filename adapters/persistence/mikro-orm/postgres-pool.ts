import pg, { type Pool, type PoolConfig } from 'pg';

/**
 * `pool`, which an idle connection's death no longer ends the process with: the connection is
 * dropped and replaced on demand (a statement on a dead connection fails and says so).
 */
const surviving = (pool: Pool): Pool => pool.on('error', () => undefined);

/**
 * The connection option (`options` of a pg connection) under which each prepared statement keeps
 * one plan. By default PostgreSQL plans a prepared statement again at each run while it guesses a
 * plan for the given values beats the generic one, and for a list page it keeps guessing so:
 * planning the unfiltered task list took 0.28 ms of its 0.6, every time (PostgreSQL 12 or later).
 */
export const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

/**
 * The connection option under which a statement runs in its own server process only. By default
 * PostgreSQL may split a large scan over two more worker processes, which speeds a lone statement
 * and slows a loaded server, where every core already answers another request: a search among an
 * owner's 100k tasks, planned for its term, read the owner's rows in three processes and sorted
 * every match (120-230 ms a page, unloaded), and under 16 connections on two cores the first
 * searches after a start answered 17 a second (p99 3 s) with workers and 35 (p99 2 s) without.
 */
export const NO_PARALLEL_WORKERS = '-c max_parallel_workers_per_gather=0';

/** Connections for the statements planned `per-values` (filtered lists and searches). */
export const PER_VALUES_CONNECTIONS = 5;

/**
 * A pool like `pool` (same server, credentials, timeouts and type parsing, no parallel workers) in
 * PostgreSQL's default plan cache mode, for the runner's `per-values` statements. The mode is a
 * connection's setting, so each kind of statement has connections of its own: switching a
 * connection per statement cost a round trip, or with the connection checked out around it, about
 * 40 MB more under load.
 */
export const perValuesPool = (pool: Pool): Pool => {
  // trust boundary: pg-pool keeps its config as `options`, which its types leave out.
  const config = (pool as Pool & { options: PoolConfig }).options;
  // pg-pool keeps the password out of the options' enumerable keys (so that it is not logged).
  return surviving(
    new pg.Pool({
      ...config,
      options: NO_PARALLEL_WORKERS,
      password: config.password,
      max: PER_VALUES_CONNECTIONS,
    }),
  );
};

/** How long a request waits for a PostgreSQL connection, new or pooled. */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;

/** Connections of the service's main pool (statements planned per values have a pool of their own). */
export const POOL_CONNECTIONS = 10;

/**
 * What every connection of the service's pools opens with, beyond where it connects: a database that
 * does not answer (or a pool with no free connection) fails the request with 503 after
 * `POSTGRES_CONNECT_TIMEOUT_MS` instead of holding it (RELIABILITY.md's bound); statements planned
 * once (`GENERIC_PLANS`), each run in one process (`NO_PARALLEL_WORKERS`); and the server cancels a
 * statement past `statementTimeoutMs` (a server that answers nothing at all is the client's to give
 * up on: `StatementWatch`).
 */
export const connectionSettings = (statementTimeoutMs: number | undefined) => ({
  connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  options: `${GENERIC_PLANS} ${NO_PARALLEL_WORKERS}`,
  ...(statementTimeoutMs === undefined ? {} : { statement_timeout: statementTimeoutMs }),
});

/** The service's main pool on `url`, opened by the driver alone. */
export const servicePool = (url: string, statementTimeoutMs: number | undefined): Pool =>
  surviving(
    new pg.Pool({
      connectionString: url,
      min: 0,
      max: POOL_CONNECTIONS,
      ...connectionSettings(statementTimeoutMs),
    }),
  );
