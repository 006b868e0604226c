import pg from 'pg';

/** PostgreSQL's type id of BIGINT (int8), and of what `count(*)` answers. */
const INT8 = 20;

/**
 * BIGINT read as a JS number, as the entity definitions type it (`p.bigint('number')`): instants in
 * epoch milliseconds, cents and change sequences all stay far below 2^53. pg would hand it over as
 * text; every other type is read as pg reads it.
 */
const BIGINT_AS_NUMBER = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? Number : pg.types.getTypeParser(oid, format),
};

/**
 * The connection option under which a statement runs in its own server process only. By default
 * PostgreSQL may split a large scan over two more worker processes, which speeds a lone statement
 * and slows a loaded server, where every core already answers another request (a search among an
 * owner's many tasks read them in three processes and sorted every match).
 */
export const NO_PARALLEL_WORKERS = '-c max_parallel_workers_per_gather=0';

/** How long a request waits for a PostgreSQL connection, new or pooled. */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;

/** Connections of the service's pool. */
export const POOL_CONNECTIONS = 10;

/**
 * What every connection of the service's pool opens with, beyond where it connects (pg's pool
 * options, given to MikroORM as its `driverOptions`): a database that does not answer (or a pool
 * with no free connection) fails the request with 503 after `POSTGRES_CONNECT_TIMEOUT_MS` instead
 * of holding it (RELIABILITY.md's bound); BIGINT read as a number; each statement in one process
 * (`NO_PARALLEL_WORKERS`);
 * and the server cancels a statement past `statementTimeoutMs` (a server that answers nothing at
 * all is the client's to give up on: `StatementWatch`).
 */
export const connectionSettings = (statementTimeoutMs: number | undefined) => ({
  connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
  types: BIGINT_AS_NUMBER,
  options: NO_PARALLEL_WORKERS,
  ...(statementTimeoutMs === undefined ? {} : { statement_timeout: statementTimeoutMs }),
});
