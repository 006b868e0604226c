import { EntitySchema } from '@mikro-orm/core';
import { epochMillis } from './column-types.js';

/**
 * Each client's latest record of each type (task, note, time, money), by (created_at, id): what
 * "clients ordered by their latest task" sorts on, read with the clients instead of looked up per
 * client in the records' indexes. Kept by triggers on the four record tables, which live in the
 * migrations; declared here so the schema diff knows the table. A row exists while the client has
 * a record of the type (a client with records cannot be deleted).
 */
export interface ClientLatestRecordRecord {
  clientId: number;
  recordType: string;
  recordId: number;
  createdAt: number;
}

export const ClientLatestRecordSchema = new EntitySchema<ClientLatestRecordRecord>({
  name: 'ClientLatestRecordRecord',
  tableName: 'client_latest_records',
  properties: {
    clientId: { type: 'integer', primary: true, fieldName: 'client_id' },
    recordType: { type: 'string', length: 8, primary: true, fieldName: 'record_type' },
    recordId: { type: 'integer', fieldName: 'record_id' },
    createdAt: { type: epochMillis(), fieldName: 'created_at' },
  },
});

/** The record tables whose latest row per client is kept, by the type a client list names. */
export const LATEST_RECORD_TABLES = {
  task: 'tasks',
  note: 'notes',
  time: 'time_records',
  money: 'money_records',
} as const;

/** The `record_type` a kind's latest row per client is kept under. */
export type LatestRecordType = keyof typeof LATEST_RECORD_TABLES;
