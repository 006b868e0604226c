import { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { MikroORM } from '@mikro-orm/sql';
import { SqliteConnection } from '@mikro-orm/sqlite';
import type { QueryObserver } from '../query-observer.js';
import { mikroOrmOptions, type SqlDatabase } from './mikro-orm-options.js';
import { prepareSqliteConnection, type SqliteSynchronous } from './sqlite-connection.js';

/** An arbitrary constant naming this service's migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK = 724_310_553;

/**
 * Applies pending migrations and answers their names. On PostgreSQL several instances may start at
 * once: a session advisory lock lets one migrate while the others wait, then find nothing pending.
 * (SQLite serialises writers itself, and only one host opens a file's migrations at a time.)
 */
export const migrateUp = async (orm: MikroORM, synchronous?: SqliteSynchronous): Promise<string[]> => {
  const connection = orm.em.getConnection();
  if (connection instanceof SqliteConnection)
    prepareSqliteConnection(await connection.getNativeClient(), synchronous);
  if (!(connection instanceof PostgreSqlConnection)) return (await orm.migrator.up()).map((m) => m.name);
  const client = await (await connection.getNativeClient()).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    return (await orm.migrator.up()).map((m) => m.name);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
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
  const orm = await MikroORM.init(mikroOrmOptions(database, observe));
  try {
    return await migrateUp(orm, synchronous);
  } finally {
    await orm.close();
  }
};
