import type { Pool } from 'pg';
import type { Persistence } from '../persistence.js';
import { codeOf } from './database-failure.js';
import { POSTGRESQL_MIGRATION_NAMES } from './migrations/postgresql/names.js';
import { notApplied, PendingMigrations } from './pending-migrations.js';
import { servicePool } from './postgres-pool.js';
import { postgresRunners } from './postgres-runners.js';
import { persistenceOver, type SqlPersistenceOptions } from './sql-persistence.js';

/** The migrations this build knows that have not run on the database (all of them on a new one). */
export const pendingPostgresMigrations = async (pool: Pool): Promise<string[]> => {
  const { rows } = await pool.query<{ known: boolean }>(
    "select to_regclass('mikro_orm_migrations') is not null as known",
  );
  if (rows[0]?.known !== true) return [...POSTGRESQL_MIGRATION_NAMES];
  const applied = await pool.query<{ name: string }>('select name from mikro_orm_migrations');
  return notApplied(
    POSTGRESQL_MIGRATION_NAMES,
    applied.rows.map((row) => row.name),
  );
};

/** PostgreSQL's answer when the URL names a database the server does not have. */
const isMissingDatabase = (error: unknown): boolean => codeOf(error) === '3D000';

/**
 * A PostgreSQL database, opened with the driver alone, as a SQLite file is: MikroORM is loaded only
 * when a migration is pending, to apply it (through an ORM of its own, under the advisory lock of
 * `migrate.ts`), and closed again. A database to create first goes through MikroORM, which creates
 * it (`openMikroOrmPersistence`); one that does not exist is otherwise an error naming it.
 */
export const openPostgresPersistence = async (
  url: string,
  options: SqlPersistenceOptions,
): Promise<Persistence> => {
  const pool = servicePool(url, options.statementTimeoutMs);
  let pending: string[];
  try {
    pending = await pendingPostgresMigrations(pool);
    if (pending.length > 0 && !options.migrate) throw new PendingMigrations(pending);
  } catch (error) {
    await pool.end();
    if (!(isMissingDatabase(error) && options.createDatabase)) throw error;
    const { openMikroOrmPersistence } = await import('./open-mikro-orm-persistence.js');
    return openMikroOrmPersistence({ kind: 'postgresql', url }, options);
  }
  const runners = postgresRunners(pool, url, options, () => pool.end());
  try {
    if (pending.length > 0) {
      const { migrateDatabase } = await import('./migrate.js');
      await migrateDatabase({ kind: 'postgresql', url }, options.observeQuery);
    }
    return persistenceOver(runners, options);
  } catch (error) {
    await runners.close();
    throw error;
  }
};
