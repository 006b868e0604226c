import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite library MikroORM's SQLite driver runs on, for what opens a file beside the service's
 * connections (the CLI's backups, the server's lock). It is found from `@mikro-orm/sqlite` itself:
 * two copies of SQLite in one process on one file corrupt it, and a host's own `better-sqlite3`, of
 * another version, would be a second copy.
 */
export const sqliteLibrary = (): typeof BetterSqlite3 =>
  // trust boundary: @mikro-orm/sqlite's own dependency, better-sqlite3, whose export is its class.
  createRequire(import.meta.resolve('@mikro-orm/sqlite'))('better-sqlite3') as typeof BetterSqlite3;
