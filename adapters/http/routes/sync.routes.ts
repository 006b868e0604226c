import { CHANGE_OPERATIONS } from '../../../application/ports/change-log.port.js';
import { syncInput } from '../../../application/sync/sync.codecs.js';
import type { SyncedChange } from '../../../application/sync/sync-changes.use-case.js';
import { SYNC_GROUP } from '../../../application/workspace/scope-policy.js';
import { success } from '../envelope.js';
import { RECORD_DOCS, TASK } from '../openapi/resource-schemas.js';
import { closedObject, ID, SERVER_INSTANT, titled } from '../openapi/response-schemas.js';
import { presentRecord } from '../presenters/resource.presenter.js';
import { serverInstant } from '../presenters/wire-values.js';
import { type Route, respond, withInput } from '../route.js';
import { wireQuery } from '../wire/wire-codecs.js';

const presentChange = (change: SyncedChange) => ({
  seq: change.seq,
  resource: change.resource,
  id: change.id,
  operation: change.operation,
  changed_at: serverInstant(change.changedAt),
  record: change.record === null ? null : presentRecord(change.resource, change.record),
});

/** One change of each resource: its `record` is that resource's, or null for a tombstone. */
const CHANGE = titled('Change', {
  oneOf: Object.entries(RECORD_DOCS).map(([resource, doc]) =>
    closedObject({
      seq: { type: 'integer', minimum: 1, description: "The change's place in the user's log." },
      resource: { const: resource },
      id: ID,
      operation: { type: 'string', enum: [...CHANGE_OPERATIONS] },
      changed_at: SERVER_INSTANT,
      // Not orNull: the record's schema keeps its name (and its one place in the document).
      record: {
        anyOf: [doc.schema, { type: 'null' }],
        description: 'The record as `GET` shows it now; null once deleted.',
      },
    }),
  ),
});

const EXAMPLE_CHANGE = {
  seq: 42,
  resource: 'tasks',
  id: TASK.example.id,
  operation: 'updated',
  changed_at: '2026-11-22 16:40:12',
  record: TASK.example,
};

export const syncRoutes: readonly Route[] = [
  {
    method: 'GET',
    url: '/v1/sync',
    operation: { group: SYNC_GROUP, name: 'since' },
    doc: {
      tag: 'Sync',
      operationId: 'sync.since',
      summary: 'Changes since a sync token',
      description:
        'What changed in the key’s workspace after `since` (from the beginning without it), oldest first: each change with its record as `GET` shows it now, or `record: null` and `operation: "deleted"` once the record is gone or no longer the key’s to see (a tombstone). Several changes to one record within an answer fold into its latest. Follow `next_since` while `has_more` is true; applying the changes in order reproduces what the lists show. A token is good for the resources it was made for (or fewer) and for `SYNC_RETENTION_DAYS` (410 `SYNC_TOKEN_EXPIRED` after: sync again without it).',
      query: wireQuery(syncInput),
      answer: {
        status: 200,
        data: closedObject({
          changes: { type: 'array', items: CHANGE },
          next_since: { type: 'string', description: 'Where the next sync starts.' },
          has_more: { type: 'boolean', description: 'More changes wait: ask again with `next_since` now.' },
        }),
        example: {
          changes: [EXAMPLE_CHANGE],
          next_since: 'WyIxbDV6eSIsNDIsMTc2MzgzMDAxMiwyNTVd',
          has_more: false,
        },
        gone: true,
      },
    },
    handle: ({ session, query }) =>
      withInput(wireQuery(syncInput), query, (input) =>
        respond(session.changes.since(input), (page) => ({
          status: 200,
          body: success({
            changes: page.changes.map(presentChange),
            next_since: page.nextSince,
            has_more: page.hasMore,
          }),
        })),
      ),
  },
];
