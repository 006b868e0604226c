import {
  idColumnSql,
  identifierQuote,
  intSql,
  type MigrationDialect,
  type MigrationStatements,
} from './statements-migration.js';

/**
 * Every attempt at a webhook delivery, kept in its log (when, how long, the status or the error),
 * where the delivery itself keeps only its last. Deliveries made before have no log.
 */
export const webhookAttempts = (dialect: MigrationDialect): MigrationStatements => {
  const q = identifierQuote(dialect);
  const id = idColumnSql(dialect);
  const int = intSql(dialect);
  return {
    up: [
      `create table ${q('webhook_attempts')} (${id}, ${q('delivery_id')} ${int} not null, ` +
        `${q('attempted_at')} bigint not null, ${q('duration_ms')} ${int} not null, ` +
        `${q('status')} ${int} null, ${q('error')} text null);`,
      `create index ${q('webhook_attempts_delivery_index')} on ${q('webhook_attempts')} (${q('delivery_id')}, ${q('id')});`,
    ],
    down: [`drop table if exists ${q('webhook_attempts')};`],
  };
};
