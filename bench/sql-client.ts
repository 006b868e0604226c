import Database from 'better-sqlite3';
import pg from 'pg';
import {
  GENERIC_PLANS,
  PostgresRunner,
  perValuesPool,
} from '../adapters/persistence/mikro-orm/read/postgres-runner.js';
import type { Planning, Row, SqlValue } from '../adapters/persistence/mikro-orm/read/sql-runner.js';
import { prepareSqliteConnection } from '../adapters/persistence/mikro-orm/sqlite-connection.js';

export type { Row };
export type Dialect = 'sqlite' | 'postgresql';

/**
 * The driver with nothing on top, for seeding and for the hand-written ceiling: prepared
 * statements with `?` placeholders, and transactions that run one at a time on SQLite.
 */
export interface SqlClient {
  readonly dialect: Dialect;
  /** `planning` as the service's runners take it (PostgreSQL only). */
  all(sql: string, params?: readonly unknown[], planning?: Planning): Promise<Row[]>;
  transaction<A>(work: (client: Omit<SqlClient, 'transaction' | 'close'>) => Promise<A>): Promise<A>;
  close(): Promise<void>;
}

const sqliteClient = (path: string): SqlClient => {
  const open = () => {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    // The functions the service's search and its index's triggers call, as the service's own.
    prepareSqliteConnection(db);
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

/**
 * The service's own runner (named prepared statements, planned once) on a pool of the same size as
 * the service's.
 */
const postgresClient = (url: string): SqlClient => {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: GENERIC_PLANS });
  const perValues = perValuesPool(pool);
  // One runner per pooled connection, so each names its statements once, not once per transaction.
  const runners = new WeakMap<pg.Pool | pg.PoolClient, PostgresRunner>();
  const on = (connection: pg.Pool | pg.PoolClient) => {
    const runner =
      runners.get(connection) ?? new PostgresRunner(connection, connection === pool ? perValues : connection);
    runners.set(connection, runner);
    return (sql: string, params: readonly unknown[] = [], planning?: Planning) =>
      runner.all(sql, params as SqlValue[], planning);
  };
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
    close: async () => {
      await Promise.all([pool.end(), perValues.end()]);
    },
  };
};

/** `sqlite:<path>` or a `postgres://` URL, as in `DATABASE_URL`. */
export const openSqlClient = (url: string): SqlClient =>
  url.startsWith('sqlite:') ? sqliteClient(url.slice('sqlite:'.length)) : postgresClient(url);
