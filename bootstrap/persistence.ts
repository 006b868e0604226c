import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openInMemoryPersistence } from '../adapters/persistence/in-memory/open-in-memory-persistence.js';
import type { DatabaseAdmin } from '../adapters/persistence/mikro-orm/database-admin.js';
import { classifyDatabaseFailure } from '../adapters/persistence/mikro-orm/database-failure.js';
import type { SqlDatabase } from '../adapters/persistence/mikro-orm/mikro-orm-options.js';
import type { SqliteSynchronous } from '../adapters/persistence/mikro-orm/sqlite-connection.js';
import type { Persistence } from '../adapters/persistence/persistence.js';
import type { QueryObserver } from '../adapters/persistence/query-observer.js';
import { DatabaseUnavailableError } from '../application/shared/errors.js';
import { type DatabaseConfig, DEFAULT_DATABASE_URL, parseDatabaseUrl } from './config.js';
import type { ConnectRetry } from './connect-retry.js';
import type { BackgroundFailureReporter } from './container.js';
import { missingPeer, SQL_PACKAGES } from './peer-packages.js';
import { StartupError } from './startup-error.js';

export interface OpenOptions {
  readonly migrate: boolean;
  /** How long an unreachable PostgreSQL is retried (with backoff) before giving up. */
  readonly connectTimeoutMs: number;
  /** Hears of every statement (metrics, the debug log). */
  readonly observeQuery?: QueryObserver | undefined;
  /** How long a key read for a request answers for it (the adapter's default unless told). */
  readonly keyCacheMs?: number | undefined;
  /** Hears of upkeep that failed in the background (SQLite's search index merging). */
  readonly reportBackgroundFailure?: BackgroundFailureReporter | undefined;
  /** Create a PostgreSQL database that does not exist yet (else it is a StartupError naming it). */
  readonly createDatabase?: boolean | undefined;
  /** Told before each wait for an unreachable PostgreSQL, so an operator sees why the start waits. */
  readonly onConnectRetry?: ((retry: ConnectRetry) => void) | undefined;
  /** PostgreSQL: how long one statement may run before it fails as Unavailable (absent: unbounded). */
  readonly statementTimeoutMs?: number | undefined;
  /** SQLite: when a commit reaches the disk (`normal` unless told; `SQLITE_SYNCHRONOUS`). */
  readonly sqliteSynchronous?: SqliteSynchronous | undefined;
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
const openSqlite = async <T>(path: string, open: (database: SqlDatabase) => Promise<T>): Promise<T> => {
  if (path !== ':memory:') {
    const directory = resolve(dirname(path));
    if (!existsSync(directory)) {
      if (directory !== DEFAULT_SQLITE_DIRECTORY)
        throw new StartupError(
          `the folder of the SQLite database does not exist: ${directory} (sqlite:${path})`,
        );
      mkdirSync(directory, { recursive: true });
    }
  }
  try {
    return await oneAtATime(path === ':memory:' ? undefined : resolve(path), () =>
      open({ kind: 'sqlite', path }),
    );
  } catch (error) {
    throw new StartupError(`cannot open the SQLite database ${resolve(path)}: ${reasonOf(error)}`);
  }
};

/** The opening under way of each SQLite file in this process. */
const openings = new Map<string, Promise<unknown>>();

/**
 * `open` once the file's openings before it are done: two at once would both find a new file
 * unmigrated and both migrate it, and the second would fail (its tables already made).
 */
const oneAtATime = <T>(file: string | undefined, open: () => Promise<T>): Promise<T> => {
  if (file === undefined) return open();
  const opened = (openings.get(file) ?? Promise.resolve()).then(open, open);
  const settled = opened.then(
    () => undefined,
    () => undefined,
  );
  openings.set(file, settled);
  void settled.then(() => {
    if (openings.get(file) === settled) openings.delete(file);
  });
  return opened;
};

/** PostgreSQL may come up after the service (a container starting beside it): retry with backoff. */
const openPostgres = async <T>(
  url: string,
  options: OpenOptions,
  open: (database: SqlDatabase) => Promise<T>,
): Promise<T> => {
  const deadline = Date.now() + options.connectTimeoutMs;
  // 1500 ms is 1.5 s, not 2.
  const seconds = Number((options.connectTimeoutMs / 1000).toFixed(1));
  for (let delay = 250, attempt = 1; ; delay = Math.min(delay * 2, 4000), attempt += 1) {
    try {
      return await open({ kind: 'postgresql', url });
    } catch (error) {
      const unreachable = classifyDatabaseFailure(error) instanceof DatabaseUnavailableError;
      if (!unreachable)
        throw new StartupError(`cannot open the PostgreSQL database ${redactedUrl(url)}: ${reasonOf(error)}`);
      // The last wait is cut to the deadline, so the database gets its whole time to come up
      // (giving up as soon as the next backoff overshot it ended up to 2 s early).
      const wait = Math.min(delay, deadline - Date.now());
      if (wait <= 0)
        throw new StartupError(
          `cannot reach PostgreSQL at ${redactedUrl(url)} after ${seconds} s: ${reasonOf(error)}`,
        );
      options.onConnectRetry?.({ url: redactedUrl(url), attempt, nextInMs: wait, reason: reasonOf(error) });
      await sleep(wait);
    }
  }
};

/** Opens a SQL database with `open`, with the checks and retries above. */
const openSql = <T>(
  database: Exclude<DatabaseConfig, { kind: 'memory' }>,
  options: OpenOptions,
  open: (database: SqlDatabase) => Promise<T>,
): Promise<T> =>
  database.kind === 'sqlite' ? openSqlite(database.path, open) : openPostgres(database.url, options, open);

/**
 * Loads a module of the SQL adapters, which bring the database's driver and MikroORM: on demand, so
 * that a host on `memory:` needs neither; one missing is a StartupError naming what to install.
 */
const withDriver = async <M>(kind: SqlDatabase['kind'], load: () => Promise<M>): Promise<M> => {
  try {
    return await load();
  } catch (error) {
    if (missingPeer(error) === null) throw error;
    const name = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    throw new StartupError(
      `opening a ${name} database needs these packages installed beside workspace-api (the versions its package.json names as peer dependencies): ${SQL_PACKAGES.join(' ')} (${reasonOf(error)})`,
    );
  }
};

export const openPersistence = async (
  database: DatabaseConfig,
  options: OpenOptions,
): Promise<Persistence> => {
  if (database.kind === 'memory') return openInMemoryPersistence();
  const open = await withDriver(database.kind, async () => {
    const { sqlOpener } = await import('../adapters/persistence/mikro-orm/open-sql-persistence.js');
    return sqlOpener(database);
  });
  return openSql(database, options, () => open(options));
};

/** The database itself, for the CLI's `db` commands: opened without migrating. */
export const openDatabaseAdminFor = (
  database: DatabaseConfig,
  options: OpenOptions,
): Promise<DatabaseAdmin> =>
  database.kind === 'memory'
    ? Promise.reject(
        new StartupError('memory: keeps nothing between runs; there is no database to administer'),
      )
    : withDriver(database.kind, () => import('../adapters/persistence/mikro-orm/database-admin.js')).then(
        ({ openDatabaseAdmin }) =>
          openSql(database, options, (opened) => openDatabaseAdmin(opened, options.sqliteSynchronous)),
      );
