import type { MikroORM } from '@mikro-orm/sql';
import type { Pool } from 'pg';
import { CommitSignal } from '../commit-signal.js';
import type { Persistence } from '../persistence.js';
import type { QueryObserver } from '../query-observer.js';
import { classifyDatabaseFailure } from './database-failure.js';
import type { SqlDatabase } from './mikro-orm-options.js';
import { aroundEach, type Executor, ormExecutor, statementsOf } from './orm-runner.js';
import { ApiKeyCache, DEFAULT_KEY_CACHE_MS } from './read/api-key-cache.js';
import { SqlApiKeyStore } from './read/sql-api-key-store.js';
import { SqlChangeLogReader } from './read/sql-change-log-reader.js';
import { SqlCurrentRecords } from './read/sql-current-records.js';
import { SqlExportReader } from './read/sql-export-reader.js';
import { SqlIdempotencyStore } from './read/sql-idempotency-store.js';
import { SqlRecordReadModel } from './read/sql-record-read-model.js';
import { SqlReportReadModel } from './read/sql-report-read-model.js';
import { SqlTaskReadModel } from './read/sql-task-read-model.js';
import { SqlWindowCounter } from './read/sql-window-counter.js';
import { POSTGRESQL, SQLITE } from './sql-dialect.js';
import type { SqliteSynchronous } from './sqlite-connection.js';
import { mergeStep, SearchIndexUpkeep } from './write/search-index-upkeep.js';
import { SqlUnitOfWork } from './write/sql-unit-of-work.js';

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
const classified = (executor: Executor): Executor =>
  aroundEach(executor, (_sql, run) =>
    run().catch((error: unknown) => Promise.reject(classifyDatabaseFailure(error))),
  );

/** Times each statement for the observer; only wrapped in when someone observes. */
const timed = (executor: Executor, observe: QueryObserver, side: 'read' | 'write'): Executor =>
  aroundEach(executor, async (sql, run) => {
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

/** Pool counts of a PostgreSQL connection's pg pool, for the metrics. */
const poolStatsOf = (pool: Pool) => () => ({
  total: pool.totalCount,
  idle: pool.idleCount,
  waiting: pool.waitingCount,
});

/**
 * The ports over MikroORM's connections. Reads outside a transaction go to the read connection
 * (SQLite's read-only one; PostgreSQL's pool); inside a batch they join its transaction, and see
 * what it wrote so far, as they would after each write alone. The write side's single statements
 * (idempotency keys, rate windows, a key's last use) never join a transaction on PostgreSQL; on
 * SQLite, whose one writer a batch holds, they join the batch they run in rather than wait for it.
 */
export const persistenceOver = async (
  orm: MikroORM,
  database: SqlDatabase,
  options: SqlPersistenceOptions,
): Promise<Persistence> => {
  const { observeQuery } = options;
  const observed = (executor: Executor, side: 'read' | 'write') =>
    observeQuery === undefined ? executor : timed(executor, observeQuery, side);
  const dialect = database.kind === 'sqlite' ? SQLITE : POSTGRESQL;
  const em = orm.em;
  const readExecutor = classified(observed(ormExecutor(em, 'read', dialect), 'read'));
  const readStatements = statementsOf(readExecutor);
  const writerEm = dialect === SQLITE ? em : em.fork();
  const writeExecutor = classified(observed(ormExecutor(writerEm, 'write', dialect), 'write'));
  const writer = statementsOf(writeExecutor);
  const keyCache = new ApiKeyCache(options.keyCacheMs ?? DEFAULT_KEY_CACHE_MS);
  const commits = new CommitSignal();
  const postgres =
    database.kind === 'postgresql' ? await postgresExtras(orm, database.url, options) : undefined;
  const upkeep = database.kind === 'sqlite' ? searchIndexUpkeep(orm, options) : undefined;
  if (upkeep !== undefined) {
    commits.subscribe(() => upkeep.poke());
    // Whatever earlier writes (another process, a bulk import) left unmerged.
    upkeep.poke();
  }
  // Closing twice closes once (a host and its test harness may both close).
  let closing: Promise<void> | undefined;
  return {
    commits,
    unitOfWork: new SqlUnitOfWork(
      em,
      dialect,
      (tx) => observed(tx, 'write'),
      keyCache,
      commits,
      postgres?.deliveryJobs,
    ),
    taskReadModel: new SqlTaskReadModel(readStatements, dialect, options.countHorizon),
    recordReadModel: new SqlRecordReadModel(readStatements, dialect, options.countHorizon),
    reportReadModel: new SqlReportReadModel(readStatements, dialect),
    exportReader: new SqlExportReader(readStatements),
    changeLog: new SqlChangeLogReader(readStatements, dialect),
    currentRecords: new SqlCurrentRecords(readStatements, dialect),
    apiKeyStore: new SqlApiKeyStore(readStatements, writer, keyCache),
    idempotency: new SqlIdempotencyStore(writer),
    ...(postgres === undefined
      ? {}
      : {
          poolStats: postgres.poolStats,
          deliveryJobs: postgres.deliveryJobs,
          windowCounter: new SqlWindowCounter(writer),
        }),
    health: {
      isHealthy: () =>
        answersWithin(
          () => readStatements.first(readStatements.db.selectNoFrom((row) => row.lit(1).as('ok'))),
          HEALTH_CHECK_TIMEOUT_MS,
        ),
    },
    close: () => {
      closing ??= (async () => {
        await upkeep?.close();
        await postgres?.deliveryJobs.close();
        await orm.close();
      })();
      return closing;
    },
  };
};

/** SQLite: its steps run on a manager of their own, which never joins a request's transaction. */
const searchIndexUpkeep = (orm: MikroORM, options: SqlPersistenceOptions): SearchIndexUpkeep => {
  const em = orm.em.fork();
  return new SearchIndexUpkeep(
    () => em.transactional((tx) => mergeStep(statementsOf(ormExecutor(tx, 'write', SQLITE)), SQLITE)),
    options.reportBackgroundFailure ?? (() => undefined),
  );
};

/**
 * PostgreSQL's part beside the ports: the webhook deliveries' jobs in the same database (pg-boss),
 * the pool's counts, and the watch that cuts a connection whose server stopped answering.
 */
const postgresExtras = async (orm: MikroORM, url: string, options: SqlPersistenceOptions) => {
  // trust boundary: @mikro-orm/postgresql's native client is its pg pool.
  const pool = (await orm.em.getConnection().getNativeClient()) as Pool;
  const { CLIENT_GRACE_MS, releasingDeadConnections, StatementWatch } = await import(
    './read/statement-watch.js'
  );
  releasingDeadConnections(pool);
  if (options.statementTimeoutMs !== undefined)
    new StatementWatch(options.statementTimeoutMs + CLIENT_GRACE_MS).watch(pool);
  const { PgBossDeliveryJobs } = await import('../pg-boss/pg-boss-delivery-jobs.js');
  return {
    poolStats: poolStatsOf(pool),
    deliveryJobs: new PgBossDeliveryJobs(url, options.reportBackgroundFailure),
  };
};
