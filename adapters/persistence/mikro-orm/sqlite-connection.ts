import type { Database } from 'better-sqlite3';
import { searchWords } from './search-tokens.js';

const foldCase = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/**
 * What every connection to a SQLite file needs, whoever opened it (this adapter, or MikroORM to
 * migrate): each commit synced to disk before it returns (`synchronous = FULL`, so an answered write
 * survives a power cut; in WAL mode some builds default to NORMAL, which syncs only at checkpoints
 * and may lose the last commits; it costs a single create about half its time, a batch's commit
 * once), foreign keys enforced (SQLite leaves them off per connection), a wait instead of an
 * instant SQLITE_BUSY while another connection or process writes (the CLI and the server share the
 * file), the Unicode case folding search and the migrations' SQL call, and the words of the search
 * index, which its triggers write on every change to a task's text or who sees it.
 */
export const prepareSqliteConnection = (database: Database): void => {
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = on');
  database.pragma('busy_timeout = 5000');
  database.function('unicode_lower', { deterministic: true }, foldCase);
  database.function('search_words', { deterministic: true }, searchWords);
};
