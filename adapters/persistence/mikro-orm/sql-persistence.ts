import { CommitSignal } from '../commit-signal.js';
import type { DeliveryJobQueue } from '../delivery-jobs.js';
import type { Persistence, PoolStats } from '../persistence.js';
import type { QueryObserver } from '../query-observer.js';
import { classifyDatabaseFailure } from './database-failure.js';
import { ApiKeyCache, DEFAULT_KEY_CACHE_MS } from './read/api-key-cache.js';
import { SqlApiKeyStore } from './read/sql-api-key-store.js';
import { SqlChangeLogReader } from './read/sql-change-log-reader.js';
import { SqlCurrentRecords } from './read/sql-current-records.js';
import { SqlIdempotencyStore } from './read/sql-idempotency-store.js';
import { SqlRecordReadModel } from './read/sql-record-read-model.js';
import { aroundEach, type SqlRunner } from './read/sql-runner.js';
import { SqlTaskReadModel } from './read/sql-task-read-model.js';
import { SqlWindowCounter } from './read/sql-window-counter.js';
import { POSTGRESQL, type SqlDialect } from './sql-dialect.js';
import type { SqliteSynchronous } from './sqlite-connection.js';
import { joiningReads, type SqlTransactions } from './write/sql-transactions.js';
import { SqlUnitOfWork } from './write/sql-unit-of-work.js';

/** The connections a SQL persistence runs on, however they were opened. */
export interface Runners {
  readonly poolStats?: () => PoolStats;
  /** The read side: sees only committed state, never another request's open unit of work. */
  readonly reader: SqlRunner;
  /** The write side: units of work, and single statements that queue behind them. */
  readonly transactions: SqlTransactions;
  readonly dialect: SqlDialect;
  /** A job engine for the webhook deliveries, where instances share the database (PostgreSQL). */
  readonly deliveryJobs?: DeliveryJobQueue;
  close(): Promise<void>;
}

export interface SqlPersistenceOptions {
  readonly migrate: boolean;
  readonly observeQuery?: QueryObserver | undefined;
  /** How far past a page filtered lists count their matches (`COUNT_HORIZON` unless told). */
  readonly countHorizon?: number;
  /** How long a key read for a request answers for it (`DEFAULT_KEY_CACHE_MS` unless told; 0: never kept). */
  readonly keyCacheMs?: number;
  /** Hears of upkeep that failed in the background (SQLite's search index merging). */
  readonly reportBackgroundFailure?: ((cause: unknown) => void) | undefined;
  /** Create a PostgreSQL database that does not exist yet (else opening it is an error naming it). */
  readonly createDatabase?: boolean | undefined;
  /** PostgreSQL: how long one statement may run before it fails with 503 (absent: unbounded). */
  readonly statementTimeoutMs?: number | undefined;
  /** SQLite: when a commit reaches the disk (`normal` unless told; sqlite-connection.ts). */
  readonly sqliteSynchronous?: SqliteSynchronous | undefined;
}

/** How long a health check waits for the database before it says unavailable. */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/** Whether `check` answers within `timeoutMs`: a database that hangs is as unhealthy as one that is down. */
const answersWithin = (check: () => Promise<unknown>, timeoutMs: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = check().then(
    () => true,
    () => false,
  );
  return Promise.race([answered, late]).finally(() => clearTimeout(timer));
};

/** Wraps every read-side failure the same way the unit of work does. */
const classified = (runner: SqlRunner): SqlRunner =>
  aroundEach(runner, (_sql, run) =>
    run().catch((error: unknown) => Promise.reject(classifyDatabaseFailure(error))),
  );

/** Times each statement for the observer; only wrapped in when someone observes. */
const timed = (runner: SqlRunner, observe: QueryObserver, side: 'read' | 'write'): SqlRunner =>
  aroundEach(runner, async (sql, run) => {
    const started = performance.now();
    let failed = true;
    try {
      const result = await run();
      failed = false;
      return result;
    } finally {
      observe({ sql, durationMs: performance.now() - started, side, failed });
    }
  });

/** The ports over open connections: read models, unit of work, key and idempotency stores. */
export const persistenceOver = (runners: Runners, options: SqlPersistenceOptions): Persistence => {
  const { observeQuery } = options;
  const observed = (runner: SqlRunner, side: 'read' | 'write') =>
    observeQuery === undefined ? runner : timed(runner, observeQuery, side);
  // A read inside a batch sees what the batch wrote so far, as it would after each write alone.
  const reader = classified(observed(joiningReads(runners.transactions, runners.reader), 'read'));
  const writer = classified(observed(runners.transactions.autocommit, 'write'));
  const { dialect } = runners;
  const keyCache = new ApiKeyCache(options.keyCacheMs ?? DEFAULT_KEY_CACHE_MS);
  // Closing twice closes once (a host and its test harness may both close).
  let closing: Promise<void> | undefined;
  const commits = new CommitSignal();
  return {
    commits,
    unitOfWork: new SqlUnitOfWork(
      runners.transactions,
      dialect,
      (tx) => observed(tx, 'write'),
      keyCache,
      commits,
      runners.deliveryJobs,
    ),
    taskReadModel: new SqlTaskReadModel(reader, dialect, options.countHorizon),
    recordReadModel: new SqlRecordReadModel(reader, dialect, options.countHorizon),
    changeLog: new SqlChangeLogReader(reader, dialect),
    currentRecords: new SqlCurrentRecords(reader, dialect),
    apiKeyStore: new SqlApiKeyStore(reader, writer, keyCache),
    idempotency: new SqlIdempotencyStore(writer),
    ...(runners.poolStats === undefined ? {} : { poolStats: runners.poolStats }),
    ...(runners.deliveryJobs === undefined ? {} : { deliveryJobs: runners.deliveryJobs }),
    ...(dialect === POSTGRESQL ? { windowCounter: new SqlWindowCounter(writer) } : {}),
    health: {
      isHealthy: () => answersWithin(() => reader.get('select 1 as ok', []), HEALTH_CHECK_TIMEOUT_MS),
    },
    close: () => {
      closing ??= (runners.deliveryJobs?.close() ?? Promise.resolve()).then(() => runners.close());
      return closing;
    },
  };
};
