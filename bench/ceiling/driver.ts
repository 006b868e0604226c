/**
 * The bench's database access, for the ceiling and the seeder, written for them alone (nothing from
 * the service, so the ceiling gets no faster when the service does, and seeding writes the search
 * index with the schema's function as the ceiling spells it — a search answered differently by the
 * service would fail the bench's check): better-sqlite3
 * with cached prepared statements, a reader and a writer connection in WAL mode; or a pg pool with
 * named prepared statements. Statements use `?` placeholders on both.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import { searchWords } from './search-words.js';

export type Row = Record<string, unknown>;
export type Dialect = 'sqlite' | 'postgresql';

export interface Db {
  readonly dialect: Dialect;
  all(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  transaction<A>(work: (tx: Pick<Db, 'dialect' | 'all'>) => Promise<A>): Promise<A>;
  close(): Promise<void>;
}

const sqlite = (path: string): Db => {
  const open = () => {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    // The schema's references hold on SQLite only with this on, as the service runs it.
    db.pragma('foreign_keys = on');
    // The functions the schema's SQL calls (its search index's triggers, and case folding).
    db.function('unicode_lower', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? value.toLowerCase() : value,
    );
    db.function('search_words', { deterministic: true }, searchWords);
    const statements = new Map<string, Database.Statement>();
    return {
      db,
      all: async (sql: string, params: readonly unknown[] = []): Promise<Row[]> => {
        let statement = statements.get(sql);
        if (statement === undefined) {
          statement = db.prepare(sql);
          statements.set(sql, statement);
        }
        if (statement.reader) return statement.all(...params) as Row[];
        statement.run(...params);
        return [];
      },
    };
  };
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

const postgres = (url: string): Db => {
  // No parallel workers, as the service's connections: a plan that splits a scan over three
  // processes gains nothing when every core already answers another request.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    options: '-c max_parallel_workers_per_gather=0',
  });
  const names = new Map<string, { name: string; text: string }>();
  const prepared = (sql: string) => {
    let statement = names.get(sql);
    if (statement === undefined) {
      let n = 0;
      statement = { name: `c${names.size}`, text: sql.replace(/\?/g, () => `$${++n}`) };
      names.set(sql, statement);
    }
    return statement;
  };
  const on =
    (client: pg.Pool | pg.PoolClient) =>
    async (sql: string, params: readonly unknown[] = []): Promise<Row[]> =>
      (await client.query({ ...prepared(sql), values: params as unknown[] })).rows;
  return {
    dialect: 'postgresql',
    all: on(pool),
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({ dialect: 'postgresql', all: on(client) });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};

/** `sqlite:<path>` or a `postgres://` URL. */
export const openDb = (url: string): Db =>
  url.startsWith('sqlite:') ? sqlite(url.slice('sqlite:'.length)) : postgres(url);
