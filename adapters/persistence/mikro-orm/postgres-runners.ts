import type { Pool } from 'pg';
import { PgBossDeliveryJobs } from '../pg-boss/pg-boss-delivery-jobs.js';
import { perValuesPool } from './postgres-pool.js';
import { PostgresRunner } from './read/postgres-runner.js';
import { CLIENT_GRACE_MS, StatementWatch } from './read/statement-watch.js';
import { POSTGRESQL } from './sql-dialect.js';
import type { Runners, SqlPersistenceOptions } from './sql-persistence.js';
import { postgresTransactions } from './write/sql-transactions.js';

/**
 * The service's connections to PostgreSQL, over `pool`: every read takes its own pooled connection,
 * every unit of work holds one, which gives the reads the same isolation as a second connection;
 * statements planned per values run on a second pool (`perValuesPool`); the webhook deliveries'
 * jobs live in the same database (pg-boss). `closePool` ends `pool` (or what owns it).
 */
export const postgresRunners = (
  pool: Pool,
  url: string,
  options: SqlPersistenceOptions,
  closePool: () => Promise<void>,
): Runners => {
  const perValues = perValuesPool(pool);
  const watch =
    options.statementTimeoutMs === undefined
      ? undefined
      : new StatementWatch(options.statementTimeoutMs + CLIENT_GRACE_MS);
  watch?.watch(pool);
  watch?.watch(perValues);
  const pools = [pool, perValues];
  const sum = (count: (pool: Pool) => number) => pools.reduce((total, each) => total + count(each), 0);
  return {
    deliveryJobs: new PgBossDeliveryJobs(url, options.reportBackgroundFailure),
    reader: new PostgresRunner(pool, perValues),
    transactions: postgresTransactions(pool, watch),
    dialect: POSTGRESQL,
    poolStats: () => ({
      total: sum((each) => each.totalCount),
      idle: sum((each) => each.idleCount),
      waiting: sum((each) => each.waitingCount),
    }),
    close: async () => {
      await perValues.end();
      await closePool();
    },
  };
};
