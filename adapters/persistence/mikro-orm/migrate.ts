import { MikroORM } from '@mikro-orm/sql';
import type { Pool } from 'pg';
import type { QueryObserver } from '../query-observer.js';
import { mikroOrmOptions, type SqlDatabase } from './mikro-orm-options.js';
import { MIGRATION_LOCK_STATEMENTS } from './sql-dialect.js';
import type { SqliteSynchronous } from './sqlite-connection.js';

/**
 * Applies pending migrations and answers their names. On PostgreSQL several instances may start at
 * once: a session advisory lock lets one migrate while the others wait, then find nothing pending.
 * (SQLite serialises writers itself.) A SQLite connection is prepared as the service's are first:
 * the migrations' SQL calls its functions, and its commits are synced as `synchronous` says.
 */
export const migrateUp = async (
  orm: MikroORM,
  kind: SqlDatabase['kind'],
  synchronous?: SqliteSynchronous,
): Promise<string[]> => {
  const native: unknown = await orm.em.getConnection().getNativeClient();
  if (kind === 'sqlite') {
    const { prepareSqliteConnection } = await import('./sqlite-connection.js');
    // trust boundary: @mikro-orm/sqlite's native client is its better-sqlite3 database.
    prepareSqliteConnection(native as Parameters<typeof prepareSqliteConnection>[0], synchronous);
    return (await orm.migrator.up()).map((m) => m.name);
  }
  // trust boundary: @mikro-orm/postgresql's native client is its pg pool.
  const client = await (native as Pool).connect();
  try {
    const { lock } = MIGRATION_LOCK_STATEMENTS;
    await client.query(lock.sql, [...lock.parameters]);
    return (await orm.migrator.up()).map((m) => m.name);
  } finally {
    const { unlock } = MIGRATION_LOCK_STATEMENTS;
    await client.query(unlock.sql, [...unlock.parameters]).catch(() => undefined);
    client.release();
  }
};

/**
 * Opens MikroORM on `database` only to apply its pending migrations, then closes it; on SQLite, its
 * commits are synced as the service's will be (`synchronous`).
 */
export const migrateDatabase = async (
  database: SqlDatabase,
  observe?: QueryObserver,
  synchronous?: SqliteSynchronous,
): Promise<string[]> => {
  const orm = await MikroORM.init(await mikroOrmOptions(database, observe));
  try {
    return await migrateUp(orm, database.kind, synchronous);
  } finally {
    await orm.close();
  }
};
