import type { DeliverWebhooks } from '../../application/webhooks/deliver-webhooks.js';
import type { DeliveryLane } from './webhook-worker.js';

export interface PolledDeliveriesOptions {
  /** Deliveries on their way at once. */
  readonly concurrency?: number;
  /** Told of an attempt that could not be recorded (the database unreachable). */
  readonly onError?: (cause: unknown) => void;
  /** Now, in epoch ms, on the clock deliveries are scheduled by (default the system's). */
  readonly now?: () => number;
}

/**
 * Deliveries sent by this process from their table (SQLite, `memory:`: one process owns the
 * database): what is due is started, up to the concurrency, and each attempt's end looks again.
 */
export class PolledDeliveries implements DeliveryLane {
  private readonly attempts = new Set<Promise<void>>();
  private readonly concurrency: number;

  constructor(
    private readonly deliver: DeliverWebhooks,
    private readonly options: PolledDeliveriesOptions = {},
  ) {
    // Each attempt is recorded in a write transaction, which waits its turn on SQLite's one writer
    // beside the requests' writes: a few at a time leave the requests their room.
    this.concurrency = options.concurrency ?? 8;
  }

  async start(): Promise<void> {}

  get busy(): boolean {
    return this.attempts.size > 0;
  }

  async afterDispatch(_made: number, wake: () => void): Promise<number | null> {
    for (const attempt of await this.deliver.startDue(this.concurrency)) {
      this.attempts.add(attempt);
      void attempt
        .catch((cause) => this.options.onError?.(cause))
        .finally(() => {
          this.attempts.delete(attempt);
          wake();
        });
    }
    const due = await this.deliver.nextDue();
    if (due === null) return null;
    const wait = due.getTime() - (this.options.now ?? Date.now)();
    // Due already: those on their way (the earliest may be among them) wake it as each ends.
    return wait > 0 ? wait : this.attempts.size > 0 ? null : 0;
  }

  async stop(): Promise<void> {
    await Promise.all(this.attempts);
  }
}
