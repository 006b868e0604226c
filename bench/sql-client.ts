import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';

export type Row = Record<string, unknown>;
export type Dialect = 'sqlite' | 'postgresql';

/**
 * The driver with nothing on top, for seeding and for the hand-written ceiling: prepared
 * statements with `?` placeholders, and transactions that run one at a time on SQLite.
 */
export interface SqlClient {
  readonly dialect: Dialect;
  all(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  transaction<A>(work: (client: Omit<SqlClient, 'transaction' | 'close'>) => Promise<A>): Promise<A>;
  close(): Promise<void>;
}

const sqliteClient = (path: string): SqlClient => {
  const open = () => {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    // The service's search folds case with this (SQLite's lower() folds ASCII only).
    db.function('unicode_lower', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? value.toLowerCase() : value,
    );
    const statements = new Map<string, Database.Statement>();
    const all = async (sql: string, params: readonly unknown[] = []) => {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = db.prepare(sql);
        statements.set(sql, statement);
      }
      if (!statement.reader) {
        statement.run(...params);
        return [];
      }
      return statement.all(...params) as Row[];
    };
    return { db, all };
  };
  // Reads on their own connection, as the service does; writes queue for the writer.
  const reader = open();
  const writer = open();
  let queue: Promise<unknown> = Promise.resolve();
  return {
    dialect: 'sqlite',
    all: reader.all,
    transaction: (work) => {
      const next = queue.then(async () => {
        writer.db.exec('begin immediate');
        try {
          const result = await work({ dialect: 'sqlite', all: writer.all });
          writer.db.exec('commit');
          return result;
        } catch (error) {
          writer.db.exec('rollback');
          throw error;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
    close: async () => {
      reader.db.close();
      writer.db.close();
    },
  };
};

/** `?` to `$n`, and a stable name so pg prepares each statement once per connection. */
const postgresStatement = (sql: string, params: readonly unknown[]) => {
  let n = 0;
  const text = sql.replace(/\?/g, () => `$${++n}`);
  return {
    name: `b_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`,
    text,
    values: [...params],
  };
};

const postgresClient = (url: string): SqlClient => {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const on =
    (runner: pg.Pool | pg.PoolClient) =>
    async (sql: string, params: readonly unknown[] = []) =>
      (await runner.query(postgresStatement(sql, params))).rows as Row[];
  return {
    dialect: 'postgresql',
    all: on(pool),
    transaction: async (work) => {
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const result = await work({ dialect: 'postgresql', all: on(connection) });
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback');
        throw error;
      } finally {
        connection.release();
      }
    },
    close: () => pool.end(),
  };
};

/** `sqlite:<path>` or a `postgres://` URL, as in `DATABASE_URL`. */
export const openSqlClient = (url: string): SqlClient =>
  url.startsWith('sqlite:') ? sqliteClient(url.slice('sqlite:'.length)) : postgresClient(url);
