import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The requests this process answers, counted, so that deliveries yield to them. Deliveries are
 * asked for faster than they can go whenever writes come quickly to a subscribed workspace, and a
 * lane left to run flat out takes the cores and the database from the requests that made them.
 * So a batch of attempts during which requests were answered is followed by a pause twice as long
 * as the batch took: while requests flow, deliveries get at most a third of the time the two share;
 * while none do, deliveries go at full speed.
 */
/** The pause after a batch during which requests were answered, for each millisecond it took. */
const PAUSE_PER_WORK = 2;

export class RequestActivity {
  private answered = 0;

  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly wait: (ms: number) => Promise<unknown> = sleep,
  ) {}

  /** A request was answered. */
  answer(): void {
    this.answered += 1;
  }

  /** Runs `work`; when requests were answered meanwhile, waits twice as long again before settling. */
  async paced<A>(work: () => Promise<A>): Promise<A> {
    const before = this.answered;
    const started = this.now();
    const result = await work();
    if (this.answered !== before) await this.wait(PAUSE_PER_WORK * (this.now() - started));
    return result;
  }
}
