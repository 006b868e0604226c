import type { Database } from 'better-sqlite3';
import { searchWords } from './search-tokens.js';

const foldCase = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/**
 * When a commit reaches the disk (SQLite's `synchronous`, as `SQLITE_SYNCHRONOUS` names it):
 * - `normal` (the default, SQLite's advice for WAL mode): a commit is in the WAL before it returns,
 *   and the WAL is synced at checkpoints. A crash of the process loses nothing and nothing ever
 *   leaves the file inconsistent, but a power cut or a crash of the machine may lose the last
 *   commits.
 * - `full`: every commit is synced before it returns, so an answered write survives a power cut,
 *   at the price of a sync per commit.
 */
export const SQLITE_SYNCHRONOUS = ['normal', 'full'] as const;
export type SqliteSynchronous = (typeof SQLITE_SYNCHRONOUS)[number];

/**
 * What every connection to a SQLite file needs, whoever opened it (the service, or the CLI to
 * migrate): `synchronous` said here rather than left to the build (better-sqlite3's reports FULL
 * and behaves as NORMAL once in WAL mode); foreign keys enforced (SQLite leaves them off per
 * connection); a wait instead of an instant SQLITE_BUSY while another connection or process writes
 * (the CLI and the server share the file); the Unicode case folding search and the migrations' SQL
 * call; and the words of the search index, which its triggers write on every change to a task's
 * text or who sees it.
 */
export const prepareSqliteConnection = (
  database: Database,
  synchronous: SqliteSynchronous = 'normal',
  { writes = true }: { readonly writes?: boolean } = {},
): void => {
  // WAL lets the read-only connection read beside the writer; the mode is kept in the file.
  if (writes) database.pragma('journal_mode = WAL');
  database.pragma(`synchronous = ${synchronous.toUpperCase()}`);
  database.pragma('foreign_keys = on');
  database.pragma('busy_timeout = 5000');
  database.function('unicode_lower', { deterministic: true }, foldCase);
  database.function('search_words', { deterministic: true }, searchWords);
};
