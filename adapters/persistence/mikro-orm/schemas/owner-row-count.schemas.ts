import { defineEntity, p } from '@mikro-orm/core';

/**
 * How many rows each owner has in a table, kept by triggers on insert and delete (owners never
 * change): an unfiltered list's total is one lookup instead of a count that grows with the owner's
 * data. Declared here so the schema diff knows the table; the triggers live in the migrations.
 */
export const OwnerRowCountSchema = defineEntity({
  name: 'OwnerRowCountRecord',
  tableName: 'owner_row_counts',
  properties: {
    ownerId: p.integer().primary().fieldName('owner_id'),
    tableName: p.string().length(32).primary().fieldName('table_name'),
    rowCount: p.integer().fieldName('row_count'),
  },
});

/** The tables whose rows are counted per owner. */
export const COUNTED_TABLES = ['tasks', 'notes', 'time_records', 'money_records'] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];
