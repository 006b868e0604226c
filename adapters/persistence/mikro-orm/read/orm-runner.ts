import type { MikroORM } from '@mikro-orm/sql';
import type { Row, SqlRunner, SqlValue } from './sql-runner.js';

/**
 * Statements through MikroORM's own connection, so they queue behind a transaction that holds it
 * instead of joining it. Used for the read side's one write (a key's last use), and for every
 * statement where no second connection can exist (SQLite `:memory:`).
 */
export class OrmRunner implements SqlRunner {
  constructor(private readonly orm: MikroORM) {}

  async all(sql: string, params: readonly SqlValue[]): Promise<Row[]> {
    return this.orm.em.getConnection().execute<Row[]>(sql, [...params], 'all');
  }

  async get(sql: string, params: readonly SqlValue[]): Promise<Row | undefined> {
    const row: Row | undefined = await this.orm.em.getConnection().execute<Row>(sql, [...params], 'get');
    return row;
  }

  async run(sql: string, params: readonly SqlValue[]): Promise<void> {
    await this.orm.em.getConnection().execute(sql, [...params], 'run');
  }
}
