import { Migration } from '@mikro-orm/migrations';

export class Migration20261123070646 extends Migration {
  override name = 'Migration20261123070646';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "completion_days" ("user_id" int not null, "day" varchar(10) not null, "standing" int not null, primary key ("user_id", "day"));`,
    );

    this.addSql(`alter table "gamification_profiles" add "standing_completions" int not null default 0;`);

    // What the existing completions already say: standing completions per day, and per user.
    this.addSql(
      'insert into completion_days (user_id, day, standing) ' +
        'select user_id, day, count(*) from task_completions where revoked_at is null group by user_id, day;',
    );
    this.addSql(
      'update gamification_profiles set standing_completions = (select count(*) from task_completions c ' +
        'where c.user_id = gamification_profiles.user_id and c.revoked_at is null);',
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "completion_days" cascade;`);

    this.addSql(`alter table "gamification_profiles" drop column "standing_completions";`);
  }
}
