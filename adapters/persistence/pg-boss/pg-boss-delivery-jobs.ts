import { PgBoss } from 'pg-boss';
import type { DeliveryJob, DeliveryJobQueue, QueuedAttempt } from '../delivery-jobs.js';

const QUEUE = 'webhook-delivery';

/**
 * How a job whose instance died is taken again, within 30 s of its start (RELIABILITY.md): it expires
 * 15 s after it was taken (a batch of attempts ends within the 10 s delivery timeout, and is then
 * recorded), pg-boss looks for expired jobs every 5 s (its supervise and monitor passes, each a
 * minute by default), and one is retried 2 s after.
 */
const EXPIRE_S = 15;
const LOOK_EVERY_S = 5;

/**
 * The queue's settings. `singleton` with the delivery as key: one attempt of a delivery is on its
 * way at a time, across every instance. A job whose worker died is taken again once it expires, a
 * few times; the handler finds it stale once the attempt was recorded. Done jobs are kept a day for
 * inspection.
 */
const QUEUE_OPTIONS = {
  expireInSeconds: EXPIRE_S,
  retryLimit: 5,
  retryDelay: 2,
  retryBackoff: false,
  deleteAfterSeconds: 24 * 3600,
} as const;

/**
 * Batches taken at once per instance, and jobs per batch. Deliveries share the process and the
 * database with the requests, and must leave them room: one batch of 16 at a time still delivers
 * several hundred events a second, where bigger or more batches made the requests beside them
 * several times slower (bench/RESULTS.md, the change feed).
 */
const WORKERS = 1;
const BATCH = 16;

const isDeliveryJob = (data: unknown): data is DeliveryJob =>
  typeof data === 'object' &&
  data !== null &&
  'delivery' in data &&
  'attempt' in data &&
  Number.isSafeInteger(data.delivery) &&
  Number.isSafeInteger(data.attempt);

/**
 * Deliveries' attempts as pg-boss jobs in the workspace's PostgreSQL database (schema `pgboss`,
 * created and migrated by pg-boss on first use). Chosen over graphile-worker: three small
 * dependencies and the `pg` driver the service already has, jobs inserted on the caller's own
 * transaction through its `db` option, and a per-key singleton policy that keeps one attempt of a
 * delivery in flight across instances. The retry schedule stays the domain's: each attempt is its
 * own job, queued with its time when the previous one is recorded.
 *
 * pg-boss starts (its own small pool, its upkeep) on the first queue or work: an instance that
 * neither dispatches nor sends (the CLI) never starts it.
 */
export class PgBossDeliveryJobs implements DeliveryJobQueue {
  private readonly boss: PgBoss;
  private started: Promise<PgBoss> | undefined;
  private working: string | undefined;
  private now: () => number = Date.now;

  constructor(connectionString: string, onError: (cause: unknown) => void = () => undefined) {
    this.boss = new PgBoss({
      connectionString,
      max: 4,
      schedule: false,
      superviseIntervalSeconds: LOOK_EVERY_S,
      monitorIntervalSeconds: LOOK_EVERY_S,
    });
    this.boss.on('error', onError);
  }

  async queue(
    execute: (sql: string, params: readonly string[]) => Promise<readonly object[]>,
    attempts: readonly QueuedAttempt[],
  ): Promise<void> {
    if (attempts.length === 0) return;
    const boss = await this.ready();
    await boss.insert(
      QUEUE,
      attempts.map(({ delivery, attempt, at }) => ({
        data: { delivery, attempt },
        // A delay from now, as a PostgreSQL interval.
        startAfter: `${Math.max(0, at.getTime() - this.now())} milliseconds`,
        singletonKey: String(delivery),
      })),
      {
        db: {
          executeSql: async (sql, values = []) => ({
            rows: [
              ...(await execute(
                sql,
                values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))),
              )),
            ],
          }),
        },
      },
    );
  }

  async work(handle: (jobs: readonly DeliveryJob[]) => Promise<void>): Promise<void> {
    const boss = await this.ready();
    this.working = await boss.work(
      QUEUE,
      { batchSize: BATCH, localConcurrency: WORKERS, pollingIntervalSeconds: 0.5, burstWhenBatchFull: true },
      async (jobs) => handle(jobs.map((job) => job.data).filter(isDeliveryJob)),
    );
  }

  timeBy(now: () => number): void {
    this.now = now;
  }

  notify(): void {
    if (this.working !== undefined) this.boss.notifyWorker(this.working);
  }

  async stopWorking(): Promise<void> {
    if (this.working === undefined) return;
    this.working = undefined;
    await this.boss.offWork(QUEUE, { wait: true });
  }

  async close(): Promise<void> {
    if (this.started === undefined) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, timeout: 15_000 });
  }

  /** Started once; a start that failed (the database unreachable) is tried again next time. */
  private ready(): Promise<PgBoss> {
    this.started ??= this.boss
      .start()
      .then(async (boss) => {
        // Creating leaves a queue that exists as it is: its settings are brought up to date.
        await boss.createQueue(QUEUE, { ...QUEUE_OPTIONS, policy: 'singleton' });
        await boss.updateQueue(QUEUE, QUEUE_OPTIONS);
        return boss;
      })
      .catch((error: unknown) => {
        this.started = undefined;
        throw error;
      });
    return this.started;
  }
}
