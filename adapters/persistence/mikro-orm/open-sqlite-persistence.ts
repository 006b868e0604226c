import Database from 'better-sqlite3';
import type { Persistence } from '../persistence.js';
import { SQLITE_MIGRATION_NAMES } from './migrations/sqlite/names.js';
import { notApplied, PendingMigrations } from './pending-migrations.js';
import { SqliteRunner } from './read/sqlite-runner.js';
import { SQLITE } from './sql-dialect.js';
import { persistenceOver, type SqlPersistenceOptions } from './sql-persistence.js';
import { prepareSqliteConnection } from './sqlite-connection.js';
import { pokingAfterWrites, SearchIndexUpkeep } from './write/search-index-upkeep.js';
import { sqliteTransactions } from './write/sql-transactions.js';

/** The migrations this build knows that have not run on the file (all of them on a new one). */
export const pendingMigrations = (database: Database.Database): string[] => {
  const table = database
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'mikro_orm_migrations'")
    .get();
  if (table === undefined) return [...SQLITE_MIGRATION_NAMES];
  return notApplied(
    SQLITE_MIGRATION_NAMES,
    database.prepare('select name from mikro_orm_migrations').pluck().all(),
  );
};

/**
 * A SQLite file, opened with the driver alone: one connection writes (in WAL mode), a second,
 * read-only one reads (WAL lets it read beside the writer, and it only ever sees committed state).
 * MikroORM is loaded only when a migration is pending, to apply it, and closed again: on an
 * up-to-date file the service starts without loading the ORM at all (a quarter of its start).
 */
export const openSqlitePersistence = async (
  path: string,
  options: SqlPersistenceOptions,
): Promise<Persistence> => {
  const primary = new Database(path);
  let readOnly: Database.Database | undefined;
  try {
    primary.pragma('journal_mode = WAL');
    prepareSqliteConnection(primary, options.sqliteSynchronous);
    const pending = pendingMigrations(primary);
    if (pending.length > 0 && !options.migrate) throw new PendingMigrations(pending);
    if (pending.length > 0) {
      const { migrateDatabase } = await import('./migrate.js');
      await migrateDatabase({ kind: 'sqlite', path }, options.observeQuery, options.sqliteSynchronous);
    }
    const reading = new Database(path, { readonly: true, fileMustExist: true });
    readOnly = reading;
    prepareSqliteConnection(reading, options.sqliteSynchronous);
    const transactions = sqliteTransactions(primary);
    const upkeep = new SearchIndexUpkeep(transactions, options.reportBackgroundFailure ?? (() => undefined));
    // Whatever earlier writes (another process, a bulk import) left unmerged.
    upkeep.poke();
    return persistenceOver(
      {
        reader: new SqliteRunner(reading),
        transactions: pokingAfterWrites(transactions, upkeep),
        dialect: SQLITE,
        close: async () => {
          await upkeep.close();
          reading.close();
          primary.close();
        },
      },
      options,
    );
  } catch (error) {
    readOnly?.close();
    primary.close();
    throw error;
  }
};
