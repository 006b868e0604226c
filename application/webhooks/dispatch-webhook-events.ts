import * as E from 'fp-ts/lib/Either.js';
import type { UserId } from '../../domain/task/task.js';
import type { Webhook } from '../../domain/webhook/webhook.js';
import { eventTypesOf, subscribesTo } from '../../domain/webhook/webhook-events.js';
import type { ChangeLogReader, LoggedChange } from '../ports/change-log.port.js';
import type { Clock } from '../ports/clock.port.js';
import type { CurrentRecords } from '../ports/current-records.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { NewDelivery } from '../ports/webhook.repository.js';
import type { WebhookPayloads } from '../ports/webhook-payloads.port.js';
import { recordKey, recordsOfChanges } from '../sync/records-of-changes.js';
import { workerStep } from './worker-step.js';

/** Changes turned into events per user and round: a busy user's backlog goes in steps this size. */
const CHANGES_PER_ROUND = 500;
/** Subscriptions looked at per round. */
const SUBSCRIPTIONS_PER_ROUND = 200;

/**
 * An event's `webhook-id`: the user's change and the event type, so the same event has the same id
 * for every subscription and on every attempt, and making it twice cannot send it twice.
 */
export const eventIdOf = (userId: UserId, seq: number, type: string): string =>
  `msg_${userId}_${seq}_${type}`;

/**
 * Turns the change log into deliveries: for each active subscription behind its user's log, the
 * events of the changes after its cursor that it asked for and may see, each with its record as
 * `GET` shows it, then the cursor moves past them — deliveries and cursor in one transaction, so a
 * crash in between makes them again rather than losing them.
 *
 * A change is an event once committed (its log entry is written in the write's own transaction,
 * with the record as the write left it); it is made into a delivery shortly after, by the worker,
 * with that record, however it changed since. Only an entry logged without its record (before the
 * log kept them, or a record a task's deletion unlinked) is sent with the record as it is now, and
 * not at all if it is gone by then: its deletion follows in the log.
 */
export class DispatchWebhookEvents {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly changeLog: ChangeLogReader,
    private readonly records: CurrentRecords,
    private readonly payloads: WebhookPayloads,
    private readonly clock: Clock,
  ) {}

  /** How many subscriptions are active: with none, a commit gives the worker nothing to do. */
  activeSubscriptions(): Promise<number> {
    return workerStep(
      this.unitOfWork.run(async (repositories) => E.right(await repositories.webhooks.countActive())),
    );
  }

  /** One round over the subscriptions behind; answers how many deliveries it made. */
  async run(): Promise<number> {
    const behind = await workerStep(
      this.unitOfWork.run(async (repositories) =>
        E.right(await repositories.webhooks.behind(SUBSCRIPTIONS_PER_ROUND)),
      ),
    );
    const byUser = new Map<UserId, Webhook[]>();
    for (const webhook of behind)
      byUser.set(webhook.userId, [...(byUser.get(webhook.userId) ?? []), webhook]);
    let made = 0;
    for (const [userId, webhooks] of byUser) made += await this.dispatch(userId, webhooks);
    return made;
  }

  private async dispatch(userId: UserId, webhooks: readonly Webhook[]): Promise<number> {
    const from = Math.min(...webhooks.map((webhook) => webhook.cursor));
    const changes = await this.changeLog.changesAfter(userId, from, CHANGES_PER_ROUND);
    const last = changes.at(-1)?.seq;
    if (last === undefined) return 0;
    const current = await recordsOfChanges(
      this.records,
      userId,
      changes.filter((change) => change.record === undefined),
    );
    const now = this.clock.now();
    const deliveries = webhooks.flatMap((webhook) => this.deliveriesFor(webhook, changes, current, now));
    await workerStep(
      this.unitOfWork.run(async (repositories) => {
        await repositories.webhooks.addDeliveries(deliveries);
        await repositories.webhooks.advanceCursors(webhooks, last);
        return E.right(undefined);
      }),
    );
    return deliveries.length;
  }

  private deliveriesFor(
    webhook: Webhook,
    changes: readonly LoggedChange[],
    current: ReadonlyMap<string, object>,
    now: Date,
  ): NewDelivery[] {
    const deliveries: NewDelivery[] = [];
    for (const change of changes) {
      if (change.seq <= webhook.cursor || !webhook.resources.includes(change.resource)) continue;
      const deleted = change.operation === 'deleted';
      const record = deleted
        ? { id: change.recordId }
        : (change.record ?? current.get(recordKey(change.resource, change.recordId)));
      // Gone or out of sight since: its deletion follows in the log, and is what is sent.
      if (record === undefined) continue;
      const move = change.statusChange ?? null;
      for (const type of eventTypesOf(change.resource, change.operation, move)) {
        if (!subscribesTo(webhook.events, type)) continue;
        const body = this.payloads.body({
          type,
          resource: change.resource,
          at: change.changedAt,
          // trust boundary: the map holds each resource's own records, keyed by resource.
          record: record as never,
          deleted,
          statusChange: type === 'task.status_changed' ? move : null,
        });
        deliveries.push({
          webhookId: webhook.id,
          eventId: eventIdOf(webhook.userId, change.seq, type),
          type,
          body,
          attempts: 0,
          state: 'pending',
          lastStatus: null,
          lastError: null,
          nextAttemptAt: now,
          deliveredAt: null,
          createdAt: now,
        });
      }
    }
    return deliveries;
  }
}
