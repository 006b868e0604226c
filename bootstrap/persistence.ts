import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openInMemoryPersistence } from '../adapters/persistence/in-memory/open-in-memory-persistence.js';
import { classifyDatabaseFailure } from '../adapters/persistence/mikro-orm/database-failure.js';
import { openMikroOrmPersistence } from '../adapters/persistence/mikro-orm/open-mikro-orm-persistence.js';
import type { Persistence } from '../adapters/persistence/persistence.js';
import type { QueryObserver } from '../adapters/persistence/query-observer.js';
import { DatabaseUnavailableError } from '../application/shared/errors.js';
import { type DatabaseConfig, DEFAULT_DATABASE_URL, parseDatabaseUrl } from './config.js';

/** The database could not be opened: one line for the operator, never a stack. */
export class StartupError extends Error {}

export interface OpenOptions {
  readonly migrate: boolean;
  /** How long an unreachable PostgreSQL is retried (with backoff) before giving up. */
  readonly connectTimeoutMs: number;
  /** Hears of every statement (metrics, the debug log). */
  readonly observeQuery?: QueryObserver | undefined;
}

const DEFAULT_SQLITE_DIRECTORY = (() => {
  const database = parseDatabaseUrl(DEFAULT_DATABASE_URL);
  return database.kind === 'sqlite' ? resolve(dirname(database.path)) : '';
})();

const reasonOf = (error: unknown): string => {
  const cause = error instanceof DatabaseUnavailableError ? error.cause : error;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause ? ` (${String(cause.code)})` : '';
  return `${cause instanceof Error ? cause.message : String(cause)}${code}`.split('\n')[0] ?? '';
};

/** The URL with its password replaced, fit for a log line. */
export const redactedUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/:[^:@/]*@/, ':***@');
  }
};

/**
 * A typo in a SQLite path must not silently create a fresh, empty database somewhere else: only
 * the default `./data/` folder is created; any other missing folder is an error naming the path.
 */
const openSqlite = async (path: string, options: OpenOptions): Promise<Persistence> => {
  if (path !== ':memory:') {
    const directory = resolve(dirname(path));
    if (!existsSync(directory)) {
      if (directory !== DEFAULT_SQLITE_DIRECTORY)
        throw new StartupError(
          `the folder of the SQLite database does not exist: ${directory} (DATABASE_URL sqlite:${path})`,
        );
      mkdirSync(directory, { recursive: true });
    }
  }
  try {
    return await openMikroOrmPersistence({ kind: 'sqlite', path }, options);
  } catch (error) {
    throw new StartupError(`cannot open the SQLite database ${resolve(path)}: ${reasonOf(error)}`);
  }
};

/** PostgreSQL may come up after the service (a container starting beside it): retry with backoff. */
const openPostgres = async (url: string, options: OpenOptions): Promise<Persistence> => {
  const deadline = Date.now() + options.connectTimeoutMs;
  const seconds = Math.round(options.connectTimeoutMs / 1000);
  for (let delay = 250; ; delay = Math.min(delay * 2, 4000)) {
    try {
      return await openMikroOrmPersistence({ kind: 'postgresql', url }, options);
    } catch (error) {
      const unreachable = classifyDatabaseFailure(error) instanceof DatabaseUnavailableError;
      if (!unreachable)
        throw new StartupError(`cannot open the PostgreSQL database ${redactedUrl(url)}: ${reasonOf(error)}`);
      if (Date.now() + delay > deadline)
        throw new StartupError(
          `cannot reach PostgreSQL at ${redactedUrl(url)} after ${seconds} s: ${reasonOf(error)}`,
        );
      await sleep(delay);
    }
  }
};

export const openPersistence = (database: DatabaseConfig, options: OpenOptions): Promise<Persistence> => {
  switch (database.kind) {
    case 'memory':
      return Promise.resolve(openInMemoryPersistence());
    case 'sqlite':
      return openSqlite(database.path, options);
    case 'postgresql':
      return openPostgres(database.url, options);
  }
};
