import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { MikroORM } from '@mikro-orm/sql';
import { SqliteConnection } from '@mikro-orm/sqlite';
import Database from 'better-sqlite3';
import type { Persistence, PoolStats } from '../persistence.js';
import type { QueryObserver } from '../query-observer.js';
import { classifyDatabaseFailure } from './database-failure.js';
import { migrateUp } from './migrate.js';
import { mikroOrmOptions, type SqlDatabase } from './mikro-orm-options.js';
import { PostgresRunner } from './read/postgres-runner.js';
import { SqlApiKeyStore } from './read/sql-api-key-store.js';
import { SqlIdempotencyStore } from './read/sql-idempotency-store.js';
import { SqlRecordReadModel } from './read/sql-record-read-model.js';
import type { SqlRunner } from './read/sql-runner.js';
import { SqlTaskReadModel } from './read/sql-task-read-model.js';
import { SqlWindowCounter } from './read/sql-window-counter.js';
import { SqliteRunner } from './read/sqlite-runner.js';
import { POSTGRESQL, SQLITE, type SqlDialect } from './sql-dialect.js';
import { postgresTransactions, type SqlTransactions, sqliteTransactions } from './write/sql-transactions.js';
import { SqlUnitOfWork } from './write/sql-unit-of-work.js';

/** Wraps every read-side failure the same way the unit of work does. */
const classified = (runner: SqlRunner): SqlRunner => {
  const guard = <A>(run: () => Promise<A>): Promise<A> =>
    run().catch((error: unknown) => Promise.reject(classifyDatabaseFailure(error)));
  return {
    all: (sql, params) => guard(() => runner.all(sql, params)),
    get: (sql, params) => guard(() => runner.get(sql, params)),
    run: (sql, params) => guard(() => runner.run(sql, params)),
  };
};

/** Times each statement for the observer; only wrapped in when someone observes. */
const timed = (runner: SqlRunner, observe: QueryObserver, side: 'read' | 'write'): SqlRunner => {
  const time = async <A>(sql: string, run: () => Promise<A>): Promise<A> => {
    const started = performance.now();
    let failed = true;
    try {
      const result = await run();
      failed = false;
      return result;
    } finally {
      observe({ sql, durationMs: performance.now() - started, side, failed });
    }
  };
  return {
    all: (sql, params) => time(sql, () => runner.all(sql, params)),
    get: (sql, params) => time(sql, () => runner.get(sql, params)),
    run: (sql, params) => time(sql, () => runner.run(sql, params)),
  };
};

interface Runners {
  readonly poolStats?: () => PoolStats;
  /** The read side: sees only committed state, never another request's open unit of work. */
  readonly reader: SqlRunner;
  /** The write side: units of work, and single statements that queue behind them. */
  readonly transactions: SqlTransactions;
  readonly dialect: SqlDialect;
  close(): void;
}

const foldCase = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/**
 * SQLite: the connection MikroORM opened (and migrated) becomes the write side, in WAL mode; reads
 * get a second, read-only connection to the same file (WAL lets it read beside a writer, and it
 * only ever sees committed state). A `:memory:` database has no second connection, so its reads
 * queue with the writes. PostgreSQL: the ORM's pool; every read takes its own pooled connection,
 * every unit of work holds one, which gives the same isolation.
 */
const openRunners = async (orm: MikroORM, database: SqlDatabase): Promise<Runners> => {
  const connection = orm.em.getConnection();
  if (connection instanceof SqliteConnection && database.kind === 'sqlite') {
    const primary = await connection.getNativeClient();
    primary.pragma('journal_mode = WAL');
    // busy_timeout lets the CLI and the server share the file.
    primary.pragma('busy_timeout = 5000');
    primary.function('unicode_lower', { deterministic: true }, foldCase);
    const transactions = sqliteTransactions(primary);
    if (database.path === ':memory:')
      return { reader: transactions.autocommit, transactions, dialect: SQLITE, close: () => undefined };
    const readOnly = new Database(database.path, { readonly: true, fileMustExist: true });
    readOnly.pragma('busy_timeout = 5000');
    readOnly.function('unicode_lower', { deterministic: true }, foldCase);
    return {
      reader: new SqliteRunner(readOnly),
      transactions,
      dialect: SQLITE,
      close: () => readOnly.close(),
    };
  }
  if (connection instanceof PostgreSqlConnection) {
    const pool = await connection.getNativeClient();
    return {
      reader: new PostgresRunner(pool),
      transactions: postgresTransactions(pool),
      dialect: POSTGRESQL,
      close: () => undefined,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  throw new Error('unsupported MikroORM connection');
};

/** Connects, applies pending migrations (when asked) and wires the write and read sides. */
export const openMikroOrmPersistence = async (
  database: SqlDatabase,
  options: {
    readonly migrate: boolean;
    readonly observeQuery?: QueryObserver | undefined;
    /** How far past a page filtered lists count their matches (`COUNT_HORIZON` unless told). */
    readonly countHorizon?: number;
  },
): Promise<Persistence> => {
  const orm = await MikroORM.init(mikroOrmOptions(database, options.observeQuery));
  let runners: Runners | undefined;
  try {
    runners = await openRunners(orm, database);
    if (options.migrate) await migrateUp(orm);
    const opened = runners;
    const { observeQuery } = options;
    const observed = (runner: SqlRunner, side: 'read' | 'write') =>
      observeQuery === undefined ? runner : timed(runner, observeQuery, side);
    const reader = classified(observed(opened.reader, 'read'));
    const writer = classified(observed(opened.transactions.autocommit, 'write'));
    const { dialect } = opened;
    return {
      unitOfWork: new SqlUnitOfWork(opened.transactions, dialect, (tx) => observed(tx, 'write')),
      taskReadModel: new SqlTaskReadModel(reader, dialect, options.countHorizon),
      recordReadModel: new SqlRecordReadModel(reader, dialect, options.countHorizon),
      apiKeyStore: new SqlApiKeyStore(reader, writer),
      idempotency: new SqlIdempotencyStore(writer),
      ...(opened.poolStats === undefined ? {} : { poolStats: opened.poolStats }),
      ...(dialect === POSTGRESQL ? { windowCounter: new SqlWindowCounter(writer) } : {}),
      health: {
        isHealthy: () =>
          reader.get('select 1 as ok', []).then(
            () => true,
            () => false,
          ),
      },
      close: async () => {
        opened.close();
        await orm.close();
      },
    };
  } catch (error) {
    runners?.close();
    await orm.close(true);
    throw error;
  }
};
