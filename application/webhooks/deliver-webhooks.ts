import * as E from 'fp-ts/lib/Either.js';
import {
  type AttemptOutcome,
  afterAttempt,
  attemptEntry,
  type Delivery,
  signingSecrets,
  type Webhook,
} from '../../domain/webhook/webhook.js';
import type { Clock } from '../ports/clock.port.js';
import type { Repositories, UnitOfWork } from '../ports/unit-of-work.port.js';
import type { WebhookSender } from '../ports/webhook-delivery.port.js';
import { workerStep } from './worker-step.js';

/**
 * Still waiting for the attempt `sent` made: not recorded since, and not asked for again by hand
 * meanwhile (a retry moves it to when it was asked, and is still owed whatever this attempt's answer:
 * recording the answer over it lost the retry the caller was told was pending).
 */
const isSameAttempt = (stored: Delivery, sent: Delivery): boolean =>
  stored.state === 'pending' &&
  stored.attempts === sent.attempts &&
  stored.nextAttemptAt?.getTime() === sent.nextAttemptAt?.getTime();

/** What became of one attempt, for metrics and logs (never the body or a secret). */
export interface AttemptReport {
  readonly webhookId: number;
  readonly eventId: string;
  readonly outcome: 'delivered' | 'retrying' | 'failed' | 'disabled';
  readonly status: number | null;
  /** The attempt: from sending the request to its answer (or failure). */
  readonly durationMs: number;
  /** From the delivery being made (just after its change committed) to the end of this attempt. */
  readonly sinceEventMs: number;
}

/**
 * Sends due deliveries and records what became of each (domain `afterAttempt`: delivered, retried
 * on the schedule, failed for good, the subscription disabled). A delivery being sent by this
 * process is not taken again until its attempt is recorded.
 */
export class DeliverWebhooks {
  private readonly inFlight = new Set<number>();
  /**
   * Attempts recorded since the last look for due deliveries. They leave `inFlight` only when the
   * next look begins: a look that began before an attempt was recorded may still read it as due.
   */
  private finished: number[] = [];

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
    private readonly report: (attempt: AttemptReport) => void = () => undefined,
    private readonly random: () => number = Math.random,
  ) {}

  /** Deliveries being sent now. */
  get sending(): number {
    return this.inFlight.size - this.finished.length;
  }

  /** Starts sending what is due, up to `capacity` at once with those already on their way; answers the attempts. */
  async startDue(capacity: number): Promise<Promise<void>[]> {
    for (const id of this.finished) this.inFlight.delete(id);
    this.finished = [];
    const room = capacity - this.inFlight.size;
    if (room <= 0) return [];
    const now = this.clock.now();
    // The due deliveries and their subscriptions in one transaction: on SQLite every transaction
    // waits its turn on the one writer, beside the requests' writes.
    const ready = await workerStep(
      this.unitOfWork.run(async (repositories) => {
        const due = (await repositories.webhooks.due(now, room + this.inFlight.size))
          .filter((delivery) => !this.inFlight.has(delivery.id))
          .slice(0, room);
        const webhooks = await webhooksById(repositories, due);
        return E.right(
          due.map((delivery) => ({ delivery, webhook: webhooks.get(delivery.webhookId) ?? null })),
        );
      }),
    );
    return ready.map((one) => {
      this.inFlight.add(one.delivery.id);
      return this.sendAll([one]).finally(() => this.finished.push(one.delivery.id));
    });
  }

  /** When the next delivery falls due (null: none waits). */
  nextDue(): Promise<Date | null> {
    return workerStep(
      this.unitOfWork.run(async (repositories) => E.right(await repositories.webhooks.nextDue())),
    );
  }

  /**
   * Makes queued attempts (a job engine's batch of jobs), skipping each whose delivery is gone, no
   * longer pending, or already past this attempt (the job is stale, or was run before by a worker
   * that died). One transaction reads them, one records them all.
   */
  async attemptQueued(
    jobs: readonly { readonly delivery: number; readonly attempt: number }[],
  ): Promise<void> {
    const found = await workerStep(
      this.unitOfWork.run(async (repositories) => {
        const attemptOf = new Map(jobs.map((job) => [job.delivery, job.attempt]));
        const deliveries = (await repositories.webhooks.findDeliveries([...attemptOf.keys()])).filter(
          (delivery) => delivery.state === 'pending' && delivery.attempts === attemptOf.get(delivery.id),
        );
        const webhooks = await webhooksById(repositories, deliveries);
        return E.right(
          deliveries.map((delivery) => ({ delivery, webhook: webhooks.get(delivery.webhookId) ?? null })),
        );
      }),
    );
    await this.sendAll(found);
  }

  /** Sends each (to an active subscription) at once, then records every outcome in one transaction. */
  private async sendAll(ready: readonly Ready[]): Promise<void> {
    const sent = await Promise.all(
      ready.flatMap(({ delivery, webhook }) =>
        webhook === null || !webhook.active ? [] : [this.sendOne(delivery, webhook)],
      ),
    );
    if (sent.length === 0) return;
    const recorded = await workerStep(
      this.unitOfWork.run(async (repositories) => {
        const outcomes: { readonly attempt: Sent; readonly after: AfterAttempt }[] = [];
        const stored = new Map(
          (await repositories.webhooks.findDeliveries(sent.map((attempt) => attempt.delivery.id))).map(
            (delivery) => [delivery.id, delivery] as const,
          ),
        );
        // The subscriptions as this transaction last saw or left them.
        const webhooks = await webhooksById(repositories, [...stored.values()]);
        for (const attempt of sent) {
          const { delivery } = attempt;
          const current = stored.get(delivery.id);
          // Deleted while it was on its way, or its attempt recorded by another: nothing to record.
          if (current === undefined || !isSameAttempt(current, delivery)) continue;
          const seen = webhooks.get(delivery.webhookId);
          if (seen === undefined) continue;
          const at = this.clock.now();
          let after = afterAttempt(current, seen, attempt.outcome, at, attempt.random);
          // Only a change of the subscription (failing since, turned off) takes its lock: the
          // deliveries of one subscription are recorded side by side, not one after another.
          if (after.webhook !== seen) {
            const locked = await repositories.webhooks.findForUpdate(delivery.webhookId);
            if (locked === null) continue;
            after = afterAttempt(current, locked, attempt.outcome, at, attempt.random);
            if (after.webhook !== locked) await repositories.webhooks.update(after.webhook);
            webhooks.set(delivery.webhookId, after.webhook);
          }
          outcomes.push({ attempt, after });
        }
        await repositories.webhooks.updateDeliveries(outcomes.map(({ after }) => after.delivery));
        await repositories.webhooks.addAttempts(
          outcomes.map(({ attempt }) =>
            attemptEntry(attempt.delivery.id, attempt.outcome, attempt.startedAt, attempt.endedAt),
          ),
        );
        return E.right(outcomes);
      }),
    );
    for (const { attempt, after } of recorded) this.report(reportOf(attempt, after));
  }

  private async sendOne(delivery: Delivery, webhook: Webhook): Promise<Sent> {
    const started = this.clock.now();
    const outcome = await this.sender.send({
      url: webhook.url,
      id: delivery.eventId,
      body: delivery.body,
      secrets: signingSecrets(webhook, started),
    });
    const endedAt = this.clock.now().getTime();
    return { delivery, outcome, startedAt: started.getTime(), endedAt, random: this.random() };
  }
}

/** The subscriptions of `deliveries`, by id (one read). */
const webhooksById = async (
  repositories: Repositories,
  deliveries: readonly Delivery[],
): Promise<Map<number, Webhook>> =>
  new Map(
    (await repositories.webhooks.findMany([...new Set(deliveries.map((d) => d.webhookId))])).map(
      (webhook) => [webhook.id, webhook] as const,
    ),
  );

/** A delivery to attempt, with its subscription as last read (null: gone). */
interface Ready {
  readonly delivery: Delivery;
  readonly webhook: Webhook | null;
}

/** An attempt made, waiting to be recorded. */
interface Sent {
  readonly delivery: Delivery;
  readonly outcome: AttemptOutcome;
  readonly startedAt: number;
  readonly endedAt: number;
  /** The jitter of its next wait, drawn once. */
  readonly random: number;
}

type AfterAttempt = ReturnType<typeof afterAttempt>;

const reportOf = ({ delivery, outcome, startedAt, endedAt }: Sent, after: AfterAttempt): AttemptReport => ({
  webhookId: delivery.webhookId,
  eventId: delivery.eventId,
  outcome: !after.webhook.active
    ? 'disabled'
    : after.delivery.state === 'pending'
      ? 'retrying'
      : after.delivery.state,
  status: 'status' in outcome ? outcome.status : null,
  durationMs: endedAt - startedAt,
  sinceEventMs: endedAt - delivery.createdAt.getTime(),
});
