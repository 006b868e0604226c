import type { WebhookEvent, WebhookPayloads } from '../../../application/ports/webhook-payloads.port.js';
import { EVENT_NAME_OF } from '../../../domain/webhook/webhook-events.js';
import { presentFeedback } from './gamification.presenter.js';
import { presentRecord } from './resource.presenter.js';

/**
 * An event's body (CONTRACT §10): its type, when the change committed (RFC 3339), and `data` keyed
 * by the record's singular name as its `GET` answer is — the record as `GET` shows it, `{"id": N}`
 * for a deletion — plus, for `task.status_changed`, the move and its gamification feedback.
 */
export const presentEvent = (event: WebhookEvent): object => {
  const name = EVENT_NAME_OF[event.resource];
  const record = event.deleted
    ? { id: event.record.id }
    : // trust boundary: the event pairs each resource with its own record, a pairing TypeScript cannot follow.
      presentRecord(event.resource, event.record as never);
  const move = event.statusChange;
  return {
    type: event.type,
    timestamp: event.at.toISOString(),
    data:
      move === null
        ? { [name]: record }
        : { [name]: record, from: move.from, to: move.to, gamification: presentFeedback(move.gamification) },
  };
};

export const webhookPayloads: WebhookPayloads = { body: (event) => JSON.stringify(presentEvent(event)) };
