import type { ChangeResource, LoggedChange } from '../ports/change-log.port.js';
import type { CurrentRecords, ResourceRecords } from '../ports/current-records.port.js';

/** The key of a record in `recordsOfChanges`' answer. */
export const recordKey = (resource: ChangeResource, id: number): string => `${resource}:${id}`;

/**
 * The records the changes name (deletions aside) as the user sees them now, keyed by `recordKey`:
 * one read per resource, whatever the count. Delta sync and webhook events both read them so.
 */
export const recordsOfChanges = async (
  records: CurrentRecords,
  userId: number,
  changes: readonly LoggedChange[],
): Promise<Map<string, ResourceRecords[ChangeResource]>> => {
  const idsByResource = new Map<ChangeResource, number[]>();
  for (const change of changes) {
    if (change.operation === 'deleted') continue;
    const ids = idsByResource.get(change.resource) ?? [];
    ids.push(change.recordId);
    idsByResource.set(change.resource, ids);
  }
  const found = new Map<string, ResourceRecords[ChangeResource]>();
  for (const [resource, ids] of idsByResource)
    for (const record of await records.visible(userId, resource, [...new Set(ids)]))
      found.set(recordKey(resource, record.id), record);
  return found;
};
