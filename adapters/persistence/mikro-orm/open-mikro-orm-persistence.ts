import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { MikroORM } from '@mikro-orm/sql';
import { SqliteConnection } from '@mikro-orm/sqlite';
import type { Persistence } from '../persistence.js';
import { migrateDatabase, migrateUp } from './migrate.js';
import { mikroOrmOptions, type SqlDatabase } from './mikro-orm-options.js';
import { PendingMigrations } from './pending-migrations.js';
import { postgresRunners } from './postgres-runners.js';
import { SQLITE } from './sql-dialect.js';
import { persistenceOver, type Runners, type SqlPersistenceOptions } from './sql-persistence.js';
import { prepareSqliteConnection } from './sqlite-connection.js';
import { sqliteTransactions } from './write/sql-transactions.js';

/**
 * SQLite: the ORM's one connection, reads queued with the writes — right for `:memory:`, which has
 * no second connection (a SQLite file goes through `openSqlitePersistence`, with a reader of its
 * own). PostgreSQL: the ORM's pool, as the driver's would be (`postgresRunners`); only a start that
 * creates its database comes this way (`openPostgresPersistence` opens the others).
 */
const runnersOf = async (
  orm: MikroORM,
  database: SqlDatabase,
  options: SqlPersistenceOptions,
): Promise<Runners> => {
  const connection = orm.em.getConnection();
  if (connection instanceof SqliteConnection) {
    const database = await connection.getNativeClient();
    prepareSqliteConnection(database, options.sqliteSynchronous);
    const transactions = sqliteTransactions(database);
    return { reader: transactions.autocommit, transactions, dialect: SQLITE, close: () => orm.close() };
  }
  if (connection instanceof PostgreSqlConnection && database.kind === 'postgresql') {
    const pool = await connection.getNativeClient();
    return postgresRunners(pool, database.url, options, () => orm.close());
  }
  throw new Error('unsupported MikroORM connection');
};

/**
 * Applies what is pending, or refuses to open when told not to migrate. PostgreSQL migrates through
 * an ORM of its own, without the service's statement timeout: a migration may rightly take longer
 * than any request (an index built over a large table).
 */
const migrateAsTold = async (orm: MikroORM, database: SqlDatabase, options: SqlPersistenceOptions) => {
  // Connects first: the migrator reads a database that does not exist as one with nothing applied.
  await orm.em.getConnection().execute('select 1');
  const pending = await orm.migrator.getPending();
  if (pending.length === 0) return;
  if (!options.migrate) throw new PendingMigrations(pending.map((migration) => migration.name));
  if (database.kind === 'postgresql') await migrateDatabase(database, options.observeQuery);
  // An in-memory SQLite database exists only on this ORM's connection.
  else await migrateUp(orm, options.sqliteSynchronous);
};

/** Connects through MikroORM, applies pending migrations (when asked) and wires the ports. */
export const openMikroOrmPersistence = async (
  database: SqlDatabase,
  options: SqlPersistenceOptions,
): Promise<Persistence> => {
  const orm = await MikroORM.init(
    mikroOrmOptions(database, options.observeQuery, {
      createDatabase: options.createDatabase ?? false,
      statementTimeoutMs: options.statementTimeoutMs,
    }),
  );
  let runners: Runners | undefined;
  try {
    runners = await runnersOf(orm, database, options);
    await migrateAsTold(orm, database, options);
    return persistenceOver(runners, options);
  } catch (error) {
    if (runners === undefined) await orm.close(true);
    else await runners.close();
    throw error;
  }
};
