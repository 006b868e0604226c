import { identifierQuote, type MigrationDialect, type MigrationStatements } from './statements-migration.js';

/**
 * Each change log entry keeps its record as the write left it, so that the webhook event of a
 * change carries the record of that change, whatever happens to the record after. Entries from
 * before have none, and their events carry the record as it is when they are sent.
 */
export const changeLogRecords = (dialect: MigrationDialect): MigrationStatements => {
  const q = identifierQuote(dialect);
  return {
    up: [`alter table ${q('change_log')} add column ${q('record')} text null`],
    down: [`alter table ${q('change_log')} drop column ${q('record')}`],
  };
};
