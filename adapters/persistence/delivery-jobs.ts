/** One attempt of a delivery, as a job: the attempt it is for tells a stale job from the current one. */
export interface DeliveryJob {
  readonly delivery: number;
  /** How many attempts the delivery had when this one was queued. */
  readonly attempt: number;
}

/** A delivery's next attempt, as the repository queues it. */
export interface QueuedAttempt extends DeliveryJob {
  readonly at: Date;
}

/**
 * A job engine holding the deliveries' attempts (PostgreSQL), where several instances share the
 * database: each job is taken by one worker at a time. Where there is none (SQLite, `memory:`), the
 * one process polls the deliveries table instead.
 */
export interface DeliveryJobQueue {
  /**
   * Queues attempts on the transaction's own connection (`execute` runs a statement with `$n`
   * parameters there), so they commit or roll back with the deliveries they are for.
   */
  queue(
    execute: (sql: string, params: readonly string[]) => Promise<readonly object[]>,
    attempts: readonly QueuedAttempt[],
  ): Promise<void>;
  /**
   * Takes jobs in batches and hands each batch to `handle`, until `stopWorking`. A batch whose
   * handler throws is taken again later, whole: handling must tell a job already done by itself.
   */
  work(handle: (jobs: readonly DeliveryJob[]) => Promise<void>): Promise<void>;
  /**
   * The clock attempts' times are on (default the system's): a job waits from now by that clock,
   * so the engine's own clock (the database's) need not agree with it.
   */
  timeBy(now: () => number): void;
  /** Jobs were queued in this process: look now rather than at the next poll. */
  notify(): void;
  /** Stops taking jobs and waits for the batches being handled. */
  stopWorking(): Promise<void>;
  close(): Promise<void>;
}
