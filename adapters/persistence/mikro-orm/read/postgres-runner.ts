import { createHash } from 'node:crypto';
import pg, { type Pool, type PoolClient, type PoolConfig } from 'pg';
import { BoundedCache } from '../bounded-cache.js';
import type { Planning, Row, SqlRunner, SqlValue } from './sql-runner.js';

interface Prepared {
  readonly name: string;
  readonly text: string;
}

const { Pool: PgPool } = pg;

const MAX_CACHED_STATEMENTS = 500;

/**
 * The connection option (`options` of a pg connection) under which each prepared statement keeps
 * one plan. By default PostgreSQL plans a prepared statement again at each run while it guesses a
 * plan for the given values beats the generic one, and for a list page it keeps guessing so:
 * planning the unfiltered task list took 0.28 ms of its 0.6, every time (PostgreSQL 12 or later).
 */
export const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

/** Connections for the statements planned `per-values` (filtered lists and searches). */
export const PER_VALUES_CONNECTIONS = 5;

/**
 * A pool like `pool` (same server, credentials, timeouts and type parsing) in PostgreSQL's default
 * plan cache mode, for the runner's `per-values` statements. The mode is a connection's setting, so
 * each kind of statement has connections of its own: switching a connection per statement cost a
 * round trip, or with the connection checked out around it, about 40 MB more under load.
 */
export const perValuesPool = (pool: Pool): Pool => {
  // trust boundary: pg-pool keeps its config as `options`, which its types leave out.
  const config = (pool as Pool & { options: PoolConfig }).options;
  const { options: _genericPlans, ...sameServer } = config;
  // pg-pool keeps the password out of the options' enumerable keys (so that it is not logged).
  const perValues = new PgPool({ ...sameServer, password: config.password, max: PER_VALUES_CONNECTIONS });
  // An idle connection that dies is dropped and replaced on demand; the event alone must not end
  // the process (a statement on a dead connection fails and says so).
  perValues.on('error', () => undefined);
  return perValues;
};

/**
 * Statement names by SQL, shared by every runner: a name is the hash of its text, so each
 * connection prepares a statement once under the same name, whichever runner asks.
 */
const prepared = new BoundedCache<string, Prepared>(MAX_CACHED_STATEMENTS);

const statement = (sql: string): Prepared =>
  prepared.getOrMake(sql, () => {
    let index = 0;
    const text = sql.replace(/\?/g, () => `$${++index}`);
    return { name: `ws_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text };
  });

/**
 * Runs statements on MikroORM's pg pool (or one connection of a pool) as named prepared statements
 * (`$n` placeholders). Those planned `per-values` run on `perValues` when given: connections in
 * PostgreSQL's default mode, which weighs a plan for each run's values against the generic one.
 */
export class PostgresRunner implements SqlRunner {
  constructor(
    private readonly connection: Pool | PoolClient,
    private readonly perValues: Pool | PoolClient = connection,
  ) {}

  async all(sql: string, params: readonly SqlValue[], planning: Planning = 'once'): Promise<Row[]> {
    const connection = planning === 'per-values' ? this.perValues : this.connection;
    return (await connection.query<Row>({ ...statement(sql), values: [...params] })).rows;
  }

  async get(sql: string, params: readonly SqlValue[], planning?: Planning): Promise<Row | undefined> {
    return (await this.all(sql, params, planning))[0];
  }

  async run(sql: string, params: readonly SqlValue[]): Promise<void> {
    await this.all(sql, params);
  }
}
