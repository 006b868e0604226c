import { resolve } from 'node:path';
import { StartupError } from './startup-error.js';

/**
 * One server per SQLite file: its writes queue in the process (SQLite has one writer), so a second
 * server on the same file would contend for it blind. The first server holds an exclusive lock on a
 * small file beside the database (`<file>.server-lock`) for as long as it runs; the operating system
 * releases it when the process ends, however it ends. The CLI and hosts take no lock: they may work
 * beside a running server.
 */
export const holdServerLock = async (databasePath: string): Promise<() => void> => {
  const file = `${resolve(databasePath)}.server-lock`;
  const { sqliteLibrary } = await import('../adapters/persistence/mikro-orm/sqlite-library.js');
  const Database = sqliteLibrary();
  const lock = new Database(file, { timeout: 0 });
  try {
    // In exclusive locking mode a transaction's lock outlives it, until the connection closes.
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('begin exclusive; commit');
  } catch {
    lock.close();
    throw new StartupError(
      `another server is already running on the SQLite database ${resolve(databasePath)} (it holds ${file}); stop it first`,
    );
  }
  return () => lock.close();
};
