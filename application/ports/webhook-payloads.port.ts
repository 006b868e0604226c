import type { ChangeResource, StatusChangeNote } from './change-log.port.js';
import type { ResourceRecords } from './current-records.port.js';

/** An event as it is made, before it is written in the wire's terms. */
export type WebhookEvent = {
  [R in ChangeResource]: {
    readonly type: string;
    readonly resource: R;
    /** When the change committed. */
    readonly at: Date;
    /** The record as `GET` shows it, or only its id for a deletion. */
    readonly record: ResourceRecords[R] | { readonly id: number };
    readonly deleted: boolean;
    /** For `task.status_changed`: the move and the feedback it earned. */
    readonly statusChange: StatusChangeNote | null;
  };
}[ChangeResource];

/** Writes an event's body as receivers get it: the same JSON terms as the HTTP API's answers. */
export interface WebhookPayloads {
  body(event: WebhookEvent): string;
}
