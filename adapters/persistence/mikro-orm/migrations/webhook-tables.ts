import {
  idColumnSql,
  identifierQuote,
  intSql,
  type MigrationDialect,
  type MigrationStatements,
} from './statements-migration.js';
/**
 * Webhook subscriptions and their deliveries (CONTRACT §10), and the note a status change leaves in
 * the change log for the event it sends. Written once for both dialects: the quoting differs, and
 * SQLite's ids autoincrement where PostgreSQL's are serial.
 */
export const webhookTables = (dialect: MigrationDialect): MigrationStatements => {
  const q = identifierQuote(dialect);
  const id = idColumnSql(dialect);
  const int = intSql(dialect);
  const flag = dialect === 'sqlite' ? 'integer' : 'boolean';
  return {
    up: [
      `create table ${q('webhooks')} (${id}, ${q('user_id')} ${int} not null, ${q('url')} text not null, ` +
        `${q('events')} text not null, ${q('description')} text null, ${q('active')} ${flag} not null, ` +
        `${q('resources')} text not null, ${q('secret')} text not null, ${q('previous_secret')} text null, ` +
        `${q('previous_secret_until')} bigint null, ${q('cursor_seq')} bigint not null, ` +
        `${q('failing_since')} bigint null, ${q('disabled_reason')} varchar(16) null, ` +
        `${q('created_at')} bigint not null, ${q('updated_at')} bigint not null);`,
      `create index ${q('webhooks_user_id_index')} on ${q('webhooks')} (${q('user_id')});`,
      `create table ${q('webhook_deliveries')} (${id}, ${q('webhook_id')} ${int} not null, ` +
        `${q('event_id')} varchar(200) not null, ${q('type')} varchar(40) not null, ${q('body')} text not null, ` +
        `${q('attempts')} ${int} not null, ${q('state')} varchar(16) not null, ${q('last_status')} ${int} null, ` +
        `${q('last_error')} text null, ${q('next_attempt_at')} bigint null, ${q('delivered_at')} bigint null, ` +
        `${q('created_at')} bigint not null);`,
      `create unique index ${q('webhook_deliveries_event_unique')} on ${q('webhook_deliveries')} (${q('webhook_id')}, ${q('event_id')});`,
      `create index ${q('webhook_deliveries_due_index')} on ${q('webhook_deliveries')} (${q('next_attempt_at')}) where state = 'pending';`,
      `alter table ${q('change_log')} add column ${q('status_change')} text null;`,
    ],
    down: [
      `drop table if exists ${q('webhook_deliveries')};`,
      `drop table if exists ${q('webhooks')};`,
      `alter table ${q('change_log')} drop column ${q('status_change')};`,
    ],
  };
};
