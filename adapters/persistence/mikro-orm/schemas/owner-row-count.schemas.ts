import { defineTable } from './table-definition.js';

/**
 * How many rows each owner has in a table, kept by triggers on insert and delete (owners never
 * change): an unfiltered list's total is one lookup instead of a count that grows with the owner's
 * data. Declared here so the schema diff knows the table; the triggers live in the migrations.
 */
export interface OwnerRowCountRecord {
  ownerId: number;
  tableName: string;
  rowCount: number;
}

export const OwnerRowCountSchema = defineTable<OwnerRowCountRecord>({
  name: 'OwnerRowCountRecord',
  tableName: 'owner_row_counts',
  properties: {
    ownerId: { type: 'integer', primary: true, fieldName: 'owner_id' },
    tableName: { type: 'string', length: 32, primary: true, fieldName: 'table_name' },
    rowCount: { type: 'integer', fieldName: 'row_count' },
  },
});

/** The tables whose rows are counted per owner. */
export const COUNTED_TABLES = ['tasks', 'notes', 'time_records', 'money_records'] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];
