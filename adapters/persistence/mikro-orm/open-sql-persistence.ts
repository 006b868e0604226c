import { MikroORM } from '@mikro-orm/sql';
import type { Persistence } from '../persistence.js';
import { migrateDatabase, migrateUp } from './migrate.js';
import { mikroOrmOptions, type SqlDatabase } from './mikro-orm-options.js';
import { PendingMigrations } from './pending-migrations.js';
import { persistenceOver, type SqlPersistenceOptions } from './sql-persistence.js';

/** Opens one database, its modules already loaded. */
export type SqlOpener = (options: SqlPersistenceOptions) => Promise<Persistence>;

/** The service's ORM on `database`: its connections (a reader beside the writer on a SQLite file). */
const initOrm = async (database: SqlDatabase, options: SqlPersistenceOptions): Promise<MikroORM> =>
  MikroORM.init(
    await mikroOrmOptions(database, options.observeQuery, {
      createDatabase: options.createDatabase ?? false,
      statementTimeoutMs: options.statementTimeoutMs,
      readConnection: database.kind === 'sqlite' && database.path !== ':memory:',
    }),
  );

/** SQLite: every connection prepared (sqlite-connection.ts), the writer's first. */
const prepareSqlite = async (orm: MikroORM, options: SqlPersistenceOptions): Promise<void> => {
  const { prepareSqliteConnection } = await import('./sqlite-connection.js');
  const { cachingStatements } = await import('./sqlite-statement-cache.js');
  const { SqliteConnection } = await import('@mikro-orm/sqlite');
  const writer = orm.driver.getConnection('write');
  const reader = orm.driver.getConnection('read');
  for (const connection of new Set([writer, reader]))
    if (connection instanceof SqliteConnection) {
      const native = await connection.getNativeClient();
      prepareSqliteConnection(native, options.sqliteSynchronous, { writes: connection === writer });
      cachingStatements(native);
    }
};

/**
 * Applies what is pending, or refuses to open when told not to migrate. PostgreSQL migrates through
 * an ORM of its own, without the service's statement timeout: a migration may rightly take longer
 * than any request (an index built over a large table).
 */
const migrateAsTold = async (orm: MikroORM, database: SqlDatabase, options: SqlPersistenceOptions) => {
  const pending = await orm.migrator.getPending();
  if (pending.length === 0) return;
  if (!options.migrate) throw new PendingMigrations(pending.map((migration) => migration.name));
  if (database.kind === 'postgresql') await migrateDatabase(database, options.observeQuery);
  else await migrateUp(orm, database.kind, options.sqliteSynchronous);
};

/** Opens `database` through MikroORM, applies pending migrations (when asked) and wires the ports. */
export const openSqlPersistence = async (
  database: SqlDatabase,
  options: SqlPersistenceOptions,
): Promise<Persistence> => {
  const orm = await initOrm(database, options);
  try {
    // Connects first (creating a missing PostgreSQL database when asked to), then asks something of
    // it: the migrator would read a database that does not exist as one with nothing applied, and
    // PostgreSQL's error names the database.
    await orm.connect();
    await orm.em
      .getKysely()
      .selectNoFrom((row) => row.lit(1).as('ok'))
      .execute();
    if (database.kind === 'sqlite') await prepareSqlite(orm, options);
    await migrateAsTold(orm, database, options);
    return await persistenceOver(orm, database, options);
  } catch (error) {
    await orm.close(true);
    throw error;
  }
};

/**
 * What opens `database`, with the modules it needs loaded, so that a package missing fails here,
 * before any connection.
 */
export const sqlOpener = async (database: SqlDatabase): Promise<SqlOpener> => {
  await import(database.kind === 'sqlite' ? '@mikro-orm/sqlite' : '@mikro-orm/postgresql');
  return (options) => openSqlPersistence(database, options);
};
