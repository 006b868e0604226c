import type { Database, Statement } from 'better-sqlite3';
import { BoundedCache } from '../bounded-cache.js';
import type { Row, SqlRunner, SqlValue } from './sql-runner.js';

/** Enough distinct statements for every filter combination in use, without growing forever. */
const MAX_CACHED_STATEMENTS = 500;

/** Runs statements synchronously on the better-sqlite3 handle, each prepared once. */
export class SqliteRunner implements SqlRunner {
  private readonly statements = new BoundedCache<string, Statement>(MAX_CACHED_STATEMENTS);

  constructor(private readonly database: Database) {}

  private prepare(sql: string): Statement {
    return this.statements.getOrMake(sql, (text) => this.database.prepare(text));
  }

  async all(sql: string, params: readonly SqlValue[]): Promise<Row[]> {
    // trust boundary: better-sqlite3 answers unknown rows: objects of column values.
    return this.prepare(sql).all(...params) as Row[];
  }

  async get(sql: string, params: readonly SqlValue[]): Promise<Row | undefined> {
    // trust boundary: better-sqlite3 answers unknown rows: objects of column values.
    return this.prepare(sql).get(...params) as Row | undefined;
  }

  async run(sql: string, params: readonly SqlValue[]): Promise<void> {
    this.prepare(sql).run(...params);
  }
}
