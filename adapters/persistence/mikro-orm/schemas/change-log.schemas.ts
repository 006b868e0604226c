import { defineEntity, p } from '@mikro-orm/core';
import { counter, epochMillis } from './column-types.js';

/**
 * The change log (CONTRACT §10): one row per record changed by a committed write and per user who
 * sees it, appended by the unit of work in the same transaction, never updated.
 */
export const ChangeLogSchema = defineEntity({
  name: 'ChangeLogRecord',
  tableName: 'change_log',
  properties: {
    userId: p.integer().primary().fieldName('user_id'),
    // The user's own sequence: gapless and in commit order (ChangeSequenceSchema).
    seq: counter().primary().fieldName('seq'),
    // `tasks`, `clients`, … as the API spells them; `created`, `updated` or `deleted`.
    resource: p.string().length(16).fieldName('resource'),
    recordId: p.integer().fieldName('record_id'),
    operation: p.string().length(8).fieldName('operation'),
    changedAt: epochMillis().fieldName('changed_at'),
    // A task's status move (`StatusChangeNote`), and the record as the write left it
    // (record-snapshot.ts), both JSON, for the webhook event the change sends.
    statusChange: p.text().fieldName('status_change').nullable(),
    record: p.text().fieldName('record').nullable(),
  },
});

/**
 * Each user's latest `seq`, on PostgreSQL. A unit of work raises it by the number of entries it
 * appends, in one upsert that also locks the row until commit, so two writers of one user take
 * turns and the log has no gaps and no entry committed out of order. A list's ETag is read from
 * here. SQLite, whose one writer holds the whole file, numbers from the log's last entry instead.
 */
export const ChangeSequenceSchema = defineEntity({
  name: 'ChangeSequenceRecord',
  tableName: 'change_sequences',
  properties: {
    userId: p.integer().primary().autoincrement(false).fieldName('user_id'),
    lastSeq: counter().fieldName('last_seq'),
  },
});
