import pg, { type Pool } from 'pg';
import { GENERIC_PLANS } from './read/postgres-runner.js';

/** How long a request waits for a PostgreSQL connection, new or pooled. */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;

/** Connections of the service's main pool (statements planned per values have a pool of their own). */
export const POOL_CONNECTIONS = 10;

/**
 * What every connection of the service's pools opens with, beyond where it connects: a database that
 * does not answer (or a pool with no free connection) fails the request with 503 after
 * `POSTGRES_CONNECT_TIMEOUT_MS` instead of holding it (RELIABILITY.md's bound); statements planned
 * once (`GENERIC_PLANS`); and the server cancels a statement past `statementTimeoutMs` (a server
 * that answers nothing at all is the client's to give up on: `StatementWatch`).
 */
export const connectionSettings = (statementTimeoutMs: number | undefined) => ({
  connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  options: GENERIC_PLANS,
  ...(statementTimeoutMs === undefined ? {} : { statement_timeout: statementTimeoutMs }),
});

/** The service's main pool on `url`, opened by the driver alone. */
export const servicePool = (url: string, statementTimeoutMs: number | undefined): Pool => {
  const pool = new pg.Pool({
    connectionString: url,
    min: 0,
    max: POOL_CONNECTIONS,
    ...connectionSettings(statementTimeoutMs),
  });
  // An idle connection that dies is dropped and replaced on demand; the event alone must not end
  // the process (a statement on a dead connection fails and says so).
  pool.on('error', () => undefined);
  return pool;
};
