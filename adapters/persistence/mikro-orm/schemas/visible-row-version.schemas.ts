import { EntitySchema } from '@mikro-orm/core';

/**
 * A number per user and table that rises with every write to a row of the table the user sees (a
 * task they own or are assigned, a client, note or time or money record they own; for clients,
 * also every change to the kept latest record of one, which their list orders by): a count or a
 * page of their rows made at one version still holds while the version stands, so a list can keep
 * it instead of reading again (KeptCounts, KeptPages). Kept by triggers, which live in the
 * migrations; declared here so the schema diff knows the table.
 */
export interface VisibleRowVersionRecord {
  userId: number;
  tableName: string;
  version: number;
}

export const VisibleRowVersionSchema = new EntitySchema<VisibleRowVersionRecord>({
  name: 'VisibleRowVersionRecord',
  tableName: 'visible_row_versions',
  properties: {
    userId: { type: 'integer', primary: true, fieldName: 'user_id' },
    tableName: { type: 'string', length: 32, primary: true, fieldName: 'table_name' },
    version: { type: 'integer', fieldName: 'version' },
  },
});

/** The tables whose rows' versions are kept per user. */
export const VERSIONED_TABLES = ['tasks', 'notes', 'time_records', 'money_records', 'clients'] as const;
export type VersionedTable = (typeof VERSIONED_TABLES)[number];
