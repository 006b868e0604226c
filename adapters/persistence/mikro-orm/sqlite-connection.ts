import type { Database } from 'better-sqlite3';
import { searchWords } from './search-tokens.js';

const foldCase = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/**
 * What every connection to a SQLite file needs, whoever opened it (this adapter, or MikroORM to
 * migrate): `synchronous = NORMAL`, SQLite's advice for WAL mode, said here rather than left to the
 * build (better-sqlite3's reports FULL and behaves as NORMAL once in WAL mode): a commit is in the
 * WAL before it returns and the WAL is synced at checkpoints, so a crash of the process loses
 * nothing and nothing ever leaves the file inconsistent, but a power cut or a crash of the machine
 * may lose the last commits. FULL syncs every commit: measured, 10 → 96 µs for a one-row commit,
 * and the bench's writes at half the throughput. Also foreign keys enforced (SQLite leaves them off
 * per connection), a wait instead of an instant SQLITE_BUSY while another connection or process
 * writes (the CLI and the server share the file), the Unicode case folding search and the
 * migrations' SQL call, and the words of the search index, which its triggers write on every change
 * to a task's text or who sees it.
 */
export const prepareSqliteConnection = (database: Database): void => {
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = on');
  database.pragma('busy_timeout = 5000');
  database.function('unicode_lower', { deterministic: true }, foldCase);
  database.function('search_words', { deterministic: true }, searchWords);
};
