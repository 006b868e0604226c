import { Migration } from '@mikro-orm/migrations';

/**
 * SQLite numbers each user's change log from its own last entry (change-log-writer.ts): its one
 * writer needs no sequence row to lock, and a write is one statement fewer. PostgreSQL keeps
 * `change_sequences`, whose row makes two writers of one user take turns.
 */
export class Migration20261127130000 extends Migration {
  override name = 'Migration20261127130000';

  override up(): void | Promise<void> {
    this.addSql('drop table if exists `change_sequences`;');
  }

  override down(): void | Promise<void> {
    this.addSql(
      'create table `change_sequences` (`user_id` integer not null primary key, `last_seq` bigint not null);',
    );
    this.addSql(
      'insert into change_sequences (user_id, last_seq) select user_id, max(seq) from change_log group by user_id;',
    );
  }
}
