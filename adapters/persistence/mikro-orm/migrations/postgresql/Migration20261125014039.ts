import { Migration } from '@mikro-orm/migrations';

/** The change log and each user's latest `seq` in it (ChangeLogSchema, ChangeSequenceSchema). */
export class Migration20261125014039 extends Migration {
  override name = 'Migration20261125014039';

  override up(): void | Promise<void> {
    this.addSql(
      'create table "change_log" ("user_id" int not null, "seq" bigint not null, "resource" varchar(16) not null, "record_id" int not null, "operation" varchar(8) not null, "changed_at" bigint not null, primary key ("user_id", "seq"));',
    );
    this.addSql(
      'create table "change_sequences" ("user_id" int not null primary key, "last_seq" bigint not null);',
    );
  }

  override down(): void | Promise<void> {
    this.addSql('drop table if exists "change_log" cascade;');
    this.addSql('drop table if exists "change_sequences" cascade;');
  }
}
