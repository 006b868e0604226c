import type { Database } from 'better-sqlite3';

const foldCase = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/**
 * What every connection to a SQLite file needs, whoever opened it (this adapter, or MikroORM to
 * migrate): foreign keys enforced (SQLite leaves them off per connection), a wait instead of an
 * instant SQLITE_BUSY while another connection or process writes (the CLI and the server share the
 * file), and the Unicode case folding search and the migrations' SQL call.
 */
export const prepareSqliteConnection = (database: Database): void => {
  database.pragma('foreign_keys = on');
  database.pragma('busy_timeout = 5000');
  database.function('unicode_lower', { deterministic: true }, foldCase);
};
