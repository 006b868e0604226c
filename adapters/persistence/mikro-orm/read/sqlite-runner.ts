import type { Database, Statement } from 'better-sqlite3';
import type { Row, SqlRunner, SqlValue } from './sql-runner.js';

/** Enough distinct statements for every filter combination in use, without growing forever. */
const MAX_CACHED_STATEMENTS = 500;

/** Runs statements synchronously on the better-sqlite3 handle, each prepared once. */
export class SqliteRunner implements SqlRunner {
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly database: Database) {}

  private prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= MAX_CACHED_STATEMENTS) this.statements.clear();
      statement = this.database.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  async all(sql: string, params: readonly SqlValue[]): Promise<Row[]> {
    return this.prepare(sql).all(...params) as Row[];
  }

  async get(sql: string, params: readonly SqlValue[]): Promise<Row | undefined> {
    return this.prepare(sql).get(...params) as Row | undefined;
  }

  async run(sql: string, params: readonly SqlValue[]): Promise<void> {
    this.prepare(sql).run(...params);
  }
}
