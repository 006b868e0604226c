import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { MikroORM } from '@mikro-orm/sql';
import { SqliteConnection } from '@mikro-orm/sqlite';
import Database from 'better-sqlite3';
import type { Persistence } from '../persistence.js';
import { classifyDatabaseFailure } from './database-failure.js';
import { mikroOrmOptions, type SqlDatabase } from './mikro-orm-options.js';
import { MikroOrmUnitOfWork } from './mikro-orm-unit-of-work.js';
import { OrmRunner } from './read/orm-runner.js';
import { PostgresRunner } from './read/postgres-runner.js';
import { SqlApiKeyStore } from './read/sql-api-key-store.js';
import { SqlRecordReadModel } from './read/sql-record-read-model.js';
import type { SqlRunner } from './read/sql-runner.js';
import { SqlTaskReadModel } from './read/sql-task-read-model.js';
import { SqliteRunner } from './read/sqlite-runner.js';
import { POSTGRESQL, SQLITE, type SqlDialect } from './sql-dialect.js';

/** Wraps every read-side failure the same way the unit of work does. */
const classified = (runner: SqlRunner): SqlRunner => {
  const guard =
    <A>(run: () => Promise<A>) =>
    () =>
      run().catch((error: unknown) => Promise.reject(classifyDatabaseFailure(error)));
  return {
    all: (sql, params) => guard(() => runner.all(sql, params))(),
    get: (sql, params) => guard(() => runner.get(sql, params))(),
    run: (sql, params) => guard(() => runner.run(sql, params))(),
  };
};

interface Runners {
  /** The read side: sees only committed state, never another request's open unit of work. */
  readonly reader: SqlRunner;
  /** The read side's writes: queued behind an open unit of work, never part of it. */
  readonly writer: SqlRunner;
  readonly dialect: SqlDialect;
  close(): void;
}

const foldCase = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/**
 * SQLite: the ORM's connection is switched to WAL; reads get a second, read-only connection to
 * the same file (WAL lets it read beside a writer, and it only ever sees committed state), writes
 * go through the ORM's connection and its lock. A `:memory:` database has no second connection,
 * so everything goes through the ORM's lock. PostgreSQL: every statement takes its own pooled
 * connection, which gives the same isolation.
 */
const openRunners = async (orm: MikroORM, database: SqlDatabase): Promise<Runners> => {
  const connection = orm.em.getConnection();
  if (connection instanceof SqliteConnection && database.kind === 'sqlite') {
    const primary = await connection.getNativeClient();
    primary.pragma('journal_mode = WAL');
    // busy_timeout lets the CLI and the server share the file.
    primary.pragma('busy_timeout = 5000');
    primary.function('unicode_lower', { deterministic: true }, foldCase);
    const writer = new OrmRunner(orm);
    if (database.path === ':memory:')
      return { reader: writer, writer, dialect: SQLITE, close: () => undefined };
    const readOnly = new Database(database.path, { readonly: true, fileMustExist: true });
    readOnly.pragma('busy_timeout = 5000');
    readOnly.function('unicode_lower', { deterministic: true }, foldCase);
    return { reader: new SqliteRunner(readOnly), writer, dialect: SQLITE, close: () => readOnly.close() };
  }
  if (connection instanceof PostgreSqlConnection) {
    const runner = new PostgresRunner(await connection.getNativeClient());
    return { reader: runner, writer: runner, dialect: POSTGRESQL, close: () => undefined };
  }
  throw new Error('unsupported MikroORM connection');
};

/** Connects, applies pending migrations (when asked) and wires the write and read sides. */
export const openMikroOrmPersistence = async (
  database: SqlDatabase,
  options: { readonly migrate: boolean },
): Promise<Persistence> => {
  const orm = await MikroORM.init(mikroOrmOptions(database));
  let runners: Runners | undefined;
  try {
    runners = await openRunners(orm, database);
    if (options.migrate) await orm.migrator.up();
    const opened = runners;
    const reader = classified(opened.reader);
    const { dialect } = opened;
    return {
      unitOfWork: new MikroOrmUnitOfWork(orm, dialect),
      taskReadModel: new SqlTaskReadModel(reader, dialect),
      recordReadModel: new SqlRecordReadModel(reader, dialect),
      apiKeyStore: new SqlApiKeyStore(reader, classified(opened.writer)),
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
