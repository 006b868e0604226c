import type { Database, Statement } from 'better-sqlite3';
import { BoundedCache } from './bounded-cache.js';

/** Enough distinct statements for every filter combination in use, without growing forever. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * Keeps each SQLite statement prepared once per connection. Kysely's SQLite driver, which MikroORM's
 * connection runs on, prepares every statement again each time it runs it, and SQLite's parse and
 * plan of a task's statement cost more than running it. Measured with `npm run bench` on one
 * machine, of the hand-written ceiling, without it and with it: a get by id 0.17 and 0.82, a task
 * create 0.27 and 0.52, the mixed load 0.67 and 0.88. better-sqlite3 runs one statement at a time
 * and a prepared statement is reusable, so the connection's `prepare` answers the statement it
 * prepared for the same text before; the driver never iterates one (no streamed queries), which is
 * what would forbid sharing it.
 */
export const cachingStatements = (database: Database): void => {
  const prepare = database.prepare.bind(database);
  const statements = new BoundedCache<string, Statement>(MAX_CACHED_STATEMENTS);
  // trust boundary: the same method, answering a statement `prepare` made for the same text.
  database.prepare = ((source: string) => statements.getOrMake(source, prepare)) as Database['prepare'];
};
