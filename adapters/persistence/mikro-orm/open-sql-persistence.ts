import type { Persistence } from '../persistence.js';
import type { SqlDatabase } from './mikro-orm-options.js';
import { openPostgresPersistence } from './open-postgres-persistence.js';
import { openSqlitePersistence } from './open-sqlite-persistence.js';
import type { SqlPersistenceOptions } from './sql-persistence.js';

/**
 * Opens a SQL database for the service: a SQLite file or PostgreSQL with the driver alone (MikroORM
 * loaded only to migrate, or to create a PostgreSQL database), an in-memory SQLite through MikroORM's
 * connection, loaded here on demand.
 */
export const openSqlPersistence = async (
  database: SqlDatabase,
  options: SqlPersistenceOptions,
): Promise<Persistence> => {
  if (database.kind === 'sqlite' && database.path !== ':memory:')
    return openSqlitePersistence(database.path, options);
  if (database.kind === 'postgresql') return openPostgresPersistence(database.url, options);
  const { openMikroOrmPersistence } = await import('./open-mikro-orm-persistence.js');
  return openMikroOrmPersistence(database, options);
};
