import { Migration } from '@mikro-orm/migrations';

export class Migration20261123035411 extends Migration {
  override name = 'Migration20261123035411';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "rate_limit_windows" ("bucket" varchar(100) not null, "window_start" bigint not null, "hits" int not null, primary key ("bucket"));`,
    );
    this.addSql(`create index "rate_limit_windows_start_index" on "rate_limit_windows" ("window_start");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "rate_limit_windows" cascade;`);
  }
}
