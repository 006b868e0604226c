import type { DeliverWebhooks } from '../../application/webhooks/deliver-webhooks.js';
import type { DeliveryJobQueue } from '../persistence/delivery-jobs.js';
import type { RequestActivity } from './request-activity.js';
import type { DeliveryLane } from './webhook-worker.js';

/**
 * Deliveries sent from a job queue (PostgreSQL), where several instances may share the database:
 * the repository queued each attempt with the delivery, and the queue hands each job to one
 * worker. A batch that fails (the database unreachable) is taken again whole; its attempts
 * already recorded are stale by then and skipped.
 */
export class QueuedDeliveries implements DeliveryLane {
  readonly busy = false;

  constructor(
    private readonly jobs: DeliveryJobQueue,
    private readonly deliver: DeliverWebhooks,
    /** The requests the batches yield to, when this process answers any. */
    private readonly requests?: RequestActivity,
  ) {}

  start(): Promise<void> {
    return this.jobs.work((batch) => {
      const attempt = () => this.deliver.attemptQueued(batch);
      return this.requests === undefined ? attempt() : this.requests.paced(attempt);
    });
  }

  /** Deliveries made here, or one retried by hand: the queue looks now instead of at its next poll. */
  async afterDispatch(): Promise<number | null> {
    this.jobs.notify();
    return null;
  }

  stop(): Promise<void> {
    return this.jobs.stopWorking();
  }
}
