import type { Persistence } from '../persistence.js';
import type { SqlDatabase } from './mikro-orm-options.js';
import type { SqlPersistenceOptions } from './sql-persistence.js';

/** Opens one database, its modules already loaded. */
export type SqlOpener = (options: SqlPersistenceOptions) => Promise<Persistence>;

/**
 * What opens `database`, with the modules it needs loaded, so that a package missing fails here,
 * before any connection. Each database's modules are loaded only for it: a SQLite file never loads
 * `pg`, pg-boss and what they bring (about 2 MB of sources held in the heap), nor PostgreSQL
 * better-sqlite3. A SQLite file or PostgreSQL opens with its driver alone (MikroORM loaded only to
 * migrate, or to create a PostgreSQL database); an in-memory SQLite through MikroORM's connection.
 */
export const sqlOpener = async (database: SqlDatabase): Promise<SqlOpener> => {
  if (database.kind === 'sqlite' && database.path !== ':memory:') {
    const { openSqlitePersistence } = await import('./open-sqlite-persistence.js');
    const { path } = database;
    return (options) => openSqlitePersistence(path, options);
  }
  if (database.kind === 'postgresql') {
    const { openPostgresPersistence } = await import('./open-postgres-persistence.js');
    const { url } = database;
    return (options) => openPostgresPersistence(url, options);
  }
  const { openMikroOrmPersistence } = await import('./open-mikro-orm-persistence.js');
  return (options) => openMikroOrmPersistence(database, options);
};

/** Opens a SQL database for the service (`sqlOpener`). */
export const openSqlPersistence = async (
  database: SqlDatabase,
  options: SqlPersistenceOptions,
): Promise<Persistence> => (await sqlOpener(database))(options);
