import {
  idColumnSql,
  identifierQuote,
  intSql,
  type MigrationDialect,
  type MigrationStatements,
} from './statements-migration.js';

/** Calendar feeds (CONTRACT §12): what each shows, and the digest of its URL's token. */
export const calendarFeeds = (dialect: MigrationDialect): MigrationStatements => {
  const q = identifierQuote(dialect);
  const int = intSql(dialect);
  return {
    up: [
      `create table ${q('calendar_feeds')} (${idColumnSql(dialect)}, ${q('user_id')} ${int} not null, ` +
        `${q('name')} varchar(200) not null, ${q('include')} varchar(16) not null, ` +
        `${q('project_id')} ${int} null, ${q('client_id')} ${int} null, ` +
        `${q('token_digest')} varchar(64) not null, ${q('created_at')} bigint not null);`,
      `create unique index ${q('calendar_feeds_token_digest_unique')} on ${q('calendar_feeds')} (${q('token_digest')});`,
      `create index ${q('calendar_feeds_user_id_index')} on ${q('calendar_feeds')} (${q('user_id')});`,
    ],
    down: [`drop table if exists ${q('calendar_feeds')};`],
  };
};
