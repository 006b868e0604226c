import type { Database, Statement } from 'better-sqlite3';
import { BoundedCache } from './bounded-cache.js';

/** Enough distinct statements for every filter combination in use, without growing forever. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * Keeps each SQLite statement prepared once per connection. Kysely's SQLite driver prepares every
 * statement again at each run, and SQLite's parse and plan of a small statement cost more than
 * running it (bench/RESULTS-mechanisms.md). better-sqlite3 runs one statement at a time and the
 * driver never iterates one, so a prepared statement can serve every run of its text.
 */
export const cachingStatements = (database: Database): void => {
  const prepare = database.prepare.bind(database);
  const statements = new BoundedCache<string, Statement>(MAX_CACHED_STATEMENTS);
  // trust boundary: the same method, answering a statement `prepare` made for the same text.
  database.prepare = ((source: string) => statements.getOrMake(source, prepare)) as Database['prepare'];
};
