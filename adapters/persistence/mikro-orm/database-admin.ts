import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { MikroORM } from '@mikro-orm/sql';
import { migrateUp } from './migrate.js';
import { mikroOrmOptions, type SqlDatabase } from './mikro-orm-options.js';
import { SQLITE_BACKUP_CHECK } from './sql-dialect.js';
import type { SqliteSynchronous } from './sqlite-connection.js';
import { sqliteLibrary } from './sqlite-library.js';

export interface MigrationStatus {
  readonly applied: readonly { readonly name: string; readonly appliedAt: Date }[];
  readonly pending: readonly string[];
}

export interface BackupReport {
  readonly file: string;
  readonly pages: number;
  /** Rows per table in the copy, read back from it after an integrity check. */
  readonly rows: Readonly<Record<string, number>>;
}

/** What an operator does to the database itself, beside the service: migrations and backups. */
export interface DatabaseAdmin {
  status(): Promise<MigrationStatus>;
  /** Applies pending migrations; answers the names applied. */
  migrate(): Promise<string[]>;
  /** SQLite: an online, consistent copy to a new file while the server runs. */
  backup(file: string): Promise<BackupReport>;
  close(): Promise<void>;
}

export class BackupRefused extends Error {}

/** Every pending page in one step: one read transaction, so the copy is one consistent snapshot. */
const ALL_PAGES = 0x7fffffff;

/**
 * The SQLite backup API on a read-only connection of its own. WAL lets the server keep writing
 * meanwhile; copying every page in one step keeps the copy consistent without restarting.
 */
const backupSqlite = async (source: string, target: string): Promise<BackupReport> => {
  const file = resolve(target);
  if (existsSync(file)) throw new BackupRefused(`${file} exists; back up to a new file`);
  // A dated backup goes in a folder of its own (`backups/2026-11-23.db`): make it as needed.
  mkdirSync(dirname(file), { recursive: true });
  const Database = sqliteLibrary();
  const database = new Database(source, { readonly: true, fileMustExist: true });
  let pages: number;
  try {
    database.pragma('busy_timeout = 5000');
    pages = (await database.backup(file, { progress: () => ALL_PAGES })).totalPages;
  } finally {
    database.close();
  }
  const copy = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${String(check)}`);
    const tables = copy
      .prepare(SQLITE_BACKUP_CHECK.tables)
      .pluck()
      // trust boundary: better-sqlite3 answers unknown rows; a plucked name column is text.
      .all() as string[];
    const rows = Object.fromEntries(
      tables.map((table) => [
        table,
        copy
          .prepare(SQLITE_BACKUP_CHECK.rowCount(table))
          .pluck()
          // trust boundary: better-sqlite3 answers unknown rows; a plucked count is a number.
          .get() as number,
      ]),
    );
    return { file, pages, rows };
  } finally {
    copy.close();
  }
};

/**
 * Opens the database without applying anything (`db status` must not migrate); `db migrate` syncs
 * its SQLite commits as the service does (`synchronous`).
 */
export const openDatabaseAdmin = async (
  database: SqlDatabase,
  synchronous?: SqliteSynchronous,
): Promise<DatabaseAdmin> => {
  const orm = await MikroORM.init(await mikroOrmOptions(database));
  return {
    status: async () => {
      // One after the other: each creates the migrations table if it is missing.
      const applied = await orm.migrator.getExecuted();
      const pending = await orm.migrator.getPending();
      return {
        applied: applied.map((m) => ({ name: m.name, appliedAt: new Date(m.executed_at) })),
        pending: pending.map((m) => m.name),
      };
    },
    migrate: () => migrateUp(orm, database.kind, synchronous),
    backup: (file) => {
      if (database.kind !== 'sqlite' || database.path === ':memory:')
        return Promise.reject(
          new BackupRefused('db backup copies a SQLite file; back up PostgreSQL with pg_dump'),
        );
      return backupSqlite(database.path, file);
    },
    close: () => orm.close(),
  };
};
