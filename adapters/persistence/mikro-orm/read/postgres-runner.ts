import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { Row, SqlRunner, SqlValue } from './sql-runner.js';

interface Prepared {
  readonly name: string;
  readonly text: string;
}

const MAX_CACHED_STATEMENTS = 500;

/**
 * Runs statements on MikroORM's pg pool (or one connection of a pool) as named prepared statements
 * (`$n` placeholders).
 */
export class PostgresRunner implements SqlRunner {
  private readonly prepared = new Map<string, Prepared>();

  constructor(private readonly pool: Pool | PoolClient) {}

  private statement(sql: string): Prepared {
    let statement = this.prepared.get(sql);
    if (!statement) {
      if (this.prepared.size >= MAX_CACHED_STATEMENTS) this.prepared.clear();
      let index = 0;
      const text = sql.replace(/\?/g, () => `$${++index}`);
      statement = { name: `ws_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text };
      this.prepared.set(sql, statement);
    }
    return statement;
  }

  async all(sql: string, params: readonly SqlValue[]): Promise<Row[]> {
    return (await this.pool.query<Row>({ ...this.statement(sql), values: [...params] })).rows;
  }

  async get(sql: string, params: readonly SqlValue[]): Promise<Row | undefined> {
    return (await this.all(sql, params))[0];
  }

  async run(sql: string, params: readonly SqlValue[]): Promise<void> {
    await this.pool.query({ ...this.statement(sql), values: [...params] });
  }
}
