import * as E from 'fp-ts/lib/Either.js';
import { afterAttempt, type Delivery, signingSecrets } from '../../domain/webhook/webhook.js';
import type { Clock } from '../ports/clock.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { WebhookSender } from '../ports/webhook-delivery.port.js';
import { workerStep } from './worker-step.js';

/** Still waiting for the attempt `sent` made (a manual retry leaves it so, and sends it again). */
const isSameAttempt = (stored: Delivery, sent: Delivery): boolean =>
  stored.state === 'pending' && stored.attempts === sent.attempts;

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
    const due = await workerStep(
      this.unitOfWork.run(async (repositories) =>
        E.right(await repositories.webhooks.due(now, room + this.inFlight.size)),
      ),
    );
    return due
      .filter((delivery) => !this.inFlight.has(delivery.id))
      .slice(0, room)
      .map((delivery) => {
        this.inFlight.add(delivery.id);
        return this.attempt(delivery).finally(() => this.finished.push(delivery.id));
      });
  }

  /** When the next delivery falls due (null: none waits). */
  nextDue(): Promise<Date | null> {
    return workerStep(
      this.unitOfWork.run(async (repositories) => E.right(await repositories.webhooks.nextDue())),
    );
  }

  /**
   * Makes a queued attempt (a job engine's job): unless the delivery is gone, no longer pending, or
   * already past this attempt (the job is stale, or was run before by a worker that died).
   */
  async attemptQueued(deliveryId: number, attempt: number): Promise<void> {
    const delivery = await workerStep(
      this.unitOfWork.run(async (repositories) =>
        E.right(await repositories.webhooks.findDelivery(deliveryId)),
      ),
    );
    if (delivery === null || delivery.state !== 'pending' || delivery.attempts !== attempt) return;
    await this.attempt(delivery);
  }

  private async attempt(delivery: Delivery): Promise<void> {
    const webhook = await workerStep(
      this.unitOfWork.run(async (repositories) =>
        E.right(await repositories.webhooks.findForUpdate(delivery.webhookId)),
      ),
    );
    if (webhook === null || !webhook.active) return;
    const started = this.clock.now();
    const outcome = await this.sender.send({
      url: webhook.url,
      id: delivery.eventId,
      body: delivery.body,
      secrets: signingSecrets(webhook, started),
    });
    const ended = this.clock.now().getTime();
    const durationMs = ended - started.getTime();
    const recorded = await workerStep(
      this.unitOfWork.run(async (repositories) => {
        const [fresh, stored] = [
          await repositories.webhooks.findForUpdate(delivery.webhookId),
          await repositories.webhooks.findDelivery(delivery.id),
        ];
        // Deleted while it was on its way, or its attempt recorded by another: nothing to record.
        if (fresh === null || stored === null || !isSameAttempt(stored, delivery)) return E.right(null);
        const after = afterAttempt(stored, fresh, outcome, this.clock.now(), this.random());
        await repositories.webhooks.updateDelivery(after.delivery);
        if (after.webhook !== fresh) await repositories.webhooks.update(after.webhook);
        return E.right(after);
      }),
    );
    if (recorded === null) return;
    this.report({
      webhookId: delivery.webhookId,
      eventId: delivery.eventId,
      outcome: !recorded.webhook.active
        ? 'disabled'
        : recorded.delivery.state === 'pending'
          ? 'retrying'
          : recorded.delivery.state,
      status: 'status' in outcome ? outcome.status : null,
      durationMs,
      sinceEventMs: ended - delivery.createdAt.getTime(),
    });
  }
}
