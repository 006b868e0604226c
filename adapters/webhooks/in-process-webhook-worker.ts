import type { DeliverWebhooks } from '../../application/webhooks/deliver-webhooks.js';
import type { DispatchWebhookEvents } from '../../application/webhooks/dispatch-webhook-events.js';

export interface WebhookWorkerOptions {
  /** How often it looks for work nobody told it about (another process's writes), in ms. */
  readonly pollMs?: number;
  /** Deliveries on their way at once. */
  readonly concurrency?: number;
  /** Told of a round that failed (the database unreachable); the worker carries on. */
  readonly onError?: (cause: unknown) => void;
  /** Now, in epoch ms, on the clock deliveries are scheduled by (default the system's). */
  readonly now?: () => number;
}

/** Dispatch rounds run back to back while they find work, at most this many before deliveries go out. */
const MAX_DISPATCH_ROUNDS = 20;

/**
 * Turns committed changes into deliveries and sends them, in this process, off the request path: a
 * write only commits its change log entry and wakes the worker, which does the rest on its own
 * turns. Woken by commits here, by its own timer for retries falling due and for other processes'
 * writes. Stopping waits for the attempts on their way (each ends within the delivery timeout);
 * what is still pending stays in the database and goes out after the next start.
 */
export class InProcessWebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private readonly attempts = new Set<Promise<void>>();
  /** Active subscriptions at the last look: while none, commits do not wake it. */
  private watching = 0;
  private readonly pollMs: number;
  private readonly concurrency: number;

  constructor(
    private readonly dispatch: DispatchWebhookEvents,
    private readonly deliver: DeliverWebhooks,
    private readonly options: WebhookWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.concurrency = options.concurrency ?? 32;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** A write committed: it may have made events, if anything is subscribed. */
  committed(): void {
    if (this.watching > 0) this.wake();
  }

  /** Something may be waiting now: look at once (a round already running looks again after). */
  wake(): void {
    if (this.stopped) return;
    if (this.running !== undefined) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await Promise.all(this.attempts);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.round().finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.schedule(0);
        }
      });
    }, delayMs);
    // A host's process may end while the worker waits.
    this.timer.unref();
  }

  private async round(): Promise<void> {
    let next = this.pollMs;
    try {
      this.watching = await this.dispatch.activeSubscriptions();
      // Deliveries still waiting (of subscriptions since turned off) are not sent: nothing else to do.
      if (this.watching === 0 && this.attempts.size === 0) return this.schedule(next);
      for (let round = 0; round < MAX_DISPATCH_ROUNDS && !this.stopped; round++)
        if ((await this.dispatch.run()) === 0) break;
      if (this.stopped) return;
      for (const attempt of await this.deliver.startDue(this.concurrency)) {
        this.attempts.add(attempt);
        void attempt
          .catch((cause) => this.options.onError?.(cause))
          .finally(() => {
            this.attempts.delete(attempt);
            this.wake();
          });
      }
      const due = await this.deliver.nextDue();
      const wait = due === null ? null : due.getTime() - (this.options.now ?? Date.now)();
      // Due already: those on their way (the earliest may be among them) wake it as each ends.
      if (wait !== null) next = wait > 0 ? Math.min(next, wait) : this.attempts.size > 0 ? next : 0;
    } catch (cause) {
      this.options.onError?.(cause);
    }
    if (!this.stopped && !this.again) this.schedule(next);
  }
}
