import type { Database, Statement } from 'better-sqlite3';
import { BoundedCache } from './bounded-cache.js';

/** Enough distinct statements for every filter combination in use, without growing forever. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * Keeps each SQLite statement prepared once per connection. Kysely's SQLite driver, which MikroORM's
 * connection runs on, prepares every statement again each time it runs it, and SQLite's parse and
 * plan of a task's statement cost more than running it: measured with `npm run bench`, a get by id
 * answered at 0.17 of the hand-written ceiling and a task create at 0.27 without this
 * (bench/RESULTS.md). better-sqlite3 runs one statement at a time and a prepared statement is
 * reusable, so the connection's `prepare` answers the statement it prepared for the same text
 * before; the driver never iterates one (no streamed queries), which is what would forbid sharing it.
 */
export const cachingStatements = (database: Database): void => {
  const prepare = database.prepare.bind(database);
  const statements = new BoundedCache<string, Statement>(MAX_CACHED_STATEMENTS);
  // trust boundary: the same method, answering a statement `prepare` made for the same text.
  database.prepare = ((source: string) => statements.getOrMake(source, prepare)) as Database['prepare'];
};
