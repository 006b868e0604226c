import type { DispatchWebhookEvents } from '../../application/webhooks/dispatch-webhook-events.js';

/** How deliveries, once made, go out: polled from their table here, or taken from a job queue. */
export interface DeliveryLane {
  /** Called before the first round with subscriptions to serve; a failure is tried again next round. */
  start(): Promise<void>;
  /**
   * After a dispatch round that made `made` deliveries: sends or hands on what is due. Answers in
   * how many ms to look again at the latest (null: at the poll interval); `wake` looks at once.
   */
  afterDispatch(made: number, wake: () => void): Promise<number | null>;
  /** Attempts on their way here: rounds go on while there are, subscriptions or not. */
  readonly busy: boolean;
  /** Waits for the attempts on their way (each ends within the delivery timeout). */
  stop(): Promise<void>;
}

export interface WebhookWorkerOptions {
  /** How often it looks for work nobody told it about (another process's writes), in ms. */
  readonly pollMs?: number;
  /** Told of a round that failed (the database unreachable); the worker carries on. */
  readonly onError?: (cause: unknown) => void;
}

/** Dispatch rounds run back to back while they find work, at most this many before deliveries go out. */
const MAX_DISPATCH_ROUNDS = 20;
/**
 * How long a commit waits for others before its events are made: one round then serves the commits
 * of those milliseconds together (a round reads and writes the same few rows whatever their number).
 */
const COMMIT_GATHER_MS = 100;

/**
 * Turns committed changes into deliveries and has them sent, off the request path: a write only
 * commits its change log entry and wakes the worker, which does the rest on its own turns. Woken by
 * commits here, by its own timer for retries falling due and for other processes' writes. Stopping
 * waits for the attempts on their way; what is still pending stays in the database and goes out
 * after the next start.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  /** When the timer fires, in epoch ms. */
  private timerAt = Number.POSITIVE_INFINITY;
  private running: Promise<void> | undefined;
  /** The soonest another round was asked for while one ran (ms after it ends), if any was. */
  private again: number | undefined;
  private stopped = true;
  private laneStarted = false;
  /** Active subscriptions at the last look: while none, commits do not wake it. */
  private watching = 0;
  private readonly pollMs: number;

  constructor(
    private readonly dispatch: DispatchWebhookEvents,
    private readonly lane: DeliveryLane,
    private readonly options: WebhookWorkerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** A write committed: it may have made events, if anything is subscribed. */
  committed(): void {
    if (this.watching > 0) this.wakeIn(COMMIT_GATHER_MS);
  }

  /** Something may be waiting now: look at once (a round already running looks again after). */
  wake(): void {
    this.wakeIn(0);
  }

  private wakeIn(delayMs: number): void {
    if (this.stopped) return;
    if (this.running !== undefined) this.again = Math.min(this.again ?? delayMs, delayMs);
    else if (Date.now() + delayMs < this.timerAt) this.schedule(delayMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.lane.stop();
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timerAt = Date.now() + delayMs;
    this.timer = setTimeout(() => {
      this.timerAt = Number.POSITIVE_INFINITY;
      this.running = this.round().finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again !== undefined) {
          const delay = this.again;
          this.again = undefined;
          this.schedule(delay);
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
      if (this.watching === 0 && !this.lane.busy) return this.schedule(next);
      if (!this.laneStarted) {
        await this.lane.start();
        this.laneStarted = true;
      }
      let made = 0;
      for (let round = 0; round < MAX_DISPATCH_ROUNDS && !this.stopped; round++) {
        const now = await this.dispatch.run();
        if (now === 0) break;
        made += now;
      }
      if (this.stopped) return;
      const wait = await this.lane.afterDispatch(made, () => this.wake());
      if (wait !== null) next = Math.min(next, wait);
    } catch (cause) {
      this.options.onError?.(cause);
    }
    if (!this.stopped && this.again === undefined) this.schedule(next);
  }
}
