import { Migration } from '@mikro-orm/migrations';

/** The change log and each user's latest `seq` in it (ChangeLogSchema, ChangeSequenceSchema). */
export class Migration20261125014037 extends Migration {
  override name = 'Migration20261125014037';

  override up(): void | Promise<void> {
    this.addSql(
      'create table `change_log` (`user_id` integer not null, `seq` bigint not null, `resource` text not null, `record_id` integer not null, `operation` text not null, `changed_at` bigint not null, primary key (`user_id`, `seq`));',
    );
    this.addSql(
      'create table `change_sequences` (`user_id` integer not null primary key, `last_seq` bigint not null);',
    );
  }

  override down(): void | Promise<void> {
    this.addSql('drop table if exists `change_log`;');
    this.addSql('drop table if exists `change_sequences`;');
  }
}
