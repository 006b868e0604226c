import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { MikroORM } from '@mikro-orm/sql';
import { SqliteConnection } from '@mikro-orm/sqlite';
import type { Persistence } from '../persistence.js';
import { classifyDatabaseFailure } from './database-failure.js';
import { mikroOrmOptions, type SqlDatabase } from './mikro-orm-options.js';
import { MikroOrmUnitOfWork } from './mikro-orm-unit-of-work.js';
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

/** Opens the native handle behind MikroORM's connection as a prepared-statement runner. */
const openRunner = async (orm: MikroORM): Promise<{ runner: SqlRunner; dialect: SqlDialect }> => {
  const connection = orm.em.getConnection();
  if (connection instanceof SqliteConnection) {
    const database = await connection.getNativeClient();
    // WAL lets readers run beside a writer; busy_timeout lets the CLI and the server share the file.
    database.pragma('journal_mode = WAL');
    database.pragma('busy_timeout = 5000');
    database.function('unicode_lower', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? value.toLowerCase() : value,
    );
    return { runner: new SqliteRunner(database), dialect: SQLITE };
  }
  if (connection instanceof PostgreSqlConnection) {
    return { runner: new PostgresRunner(await connection.getNativeClient()), dialect: POSTGRESQL };
  }
  throw new Error('unsupported MikroORM connection');
};

/** Connects, applies pending migrations (when asked) and wires the write and read sides. */
export const openMikroOrmPersistence = async (
  database: SqlDatabase,
  options: { readonly migrate: boolean },
): Promise<Persistence> => {
  if (database.kind === 'sqlite' && database.path !== ':memory:') {
    mkdirSync(dirname(database.path), { recursive: true });
  }
  const orm = await MikroORM.init(mikroOrmOptions(database));
  try {
    const { runner: raw, dialect } = await openRunner(orm);
    if (options.migrate) await orm.migrator.up();
    const runner = classified(raw);
    return {
      unitOfWork: new MikroOrmUnitOfWork(orm, dialect),
      taskReadModel: new SqlTaskReadModel(runner, dialect),
      recordReadModel: new SqlRecordReadModel(runner, dialect),
      apiKeyStore: new SqlApiKeyStore(runner),
      health: {
        isHealthy: () =>
          runner.get('select 1 as ok', []).then(
            () => true,
            () => false,
          ),
      },
      close: () => orm.close(),
    };
  } catch (error) {
    await orm.close(true);
    throw error;
  }
};
