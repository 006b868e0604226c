import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { BoundedCache } from '../bounded-cache.js';
import type { Row, SqlRunner, SqlValue } from './sql-runner.js';

interface Prepared {
  readonly name: string;
  readonly text: string;
}

const MAX_CACHED_STATEMENTS = 500;

/**
 * The connection option (`options` of a pg connection) under which the runner's statements keep
 * one plan. By default PostgreSQL plans a prepared statement again at each run while it guesses a
 * plan for the given values beats the generic one, and for a list page it keeps guessing so:
 * planning the unfiltered task list took 0.28 ms of its 0.6, every time. The statements pick rows
 * by owner and id along indexes, whatever the values, so one plan serves them all (PostgreSQL 12
 * or later).
 */
export const GENERIC_PLANS = '-c plan_cache_mode=force_generic_plan';

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
 * (`$n` placeholders).
 */
export class PostgresRunner implements SqlRunner {
  constructor(private readonly pool: Pool | PoolClient) {}

  async all(sql: string, params: readonly SqlValue[]): Promise<Row[]> {
    return (await this.pool.query<Row>({ ...statement(sql), values: [...params] })).rows;
  }

  async get(sql: string, params: readonly SqlValue[]): Promise<Row | undefined> {
    return (await this.all(sql, params))[0];
  }

  async run(sql: string, params: readonly SqlValue[]): Promise<void> {
    await this.pool.query({ ...statement(sql), values: [...params] });
  }
}
