import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030204 extends Migration {
  override name = 'Migration20261122030204';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`user_achievements\` (\`user_id\` integer not null, \`code\` text not null, \`unlocked_at\` bigint not null, primary key (\`user_id\`, \`code\`));`,
    );

    this.addSql(
      `create table \`task_completions\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`task_id\` integer not null, \`day\` text not null, \`points\` integer not null, \`completed_at\` bigint not null, \`revoked_at\` bigint null);`,
    );
    this.addSql(
      `create index \`task_completions_user_index\` on \`task_completions\` (\`user_id\`, \`revoked_at\`);`,
    );
    this.addSql(`create index \`task_completions_task_index\` on \`task_completions\` (\`task_id\`);`);

    this.addSql(
      `create table \`task_numbers\` (\`owner_id\` integer not null, \`scope\` integer not null, \`last_value\` integer not null, primary key (\`owner_id\`, \`scope\`));`,
    );

    this.addSql(
      `create table \`users\` (\`id\` integer not null primary key autoincrement, \`name\` text not null, \`timezone\` text not null, \`created_at\` bigint not null);`,
    );
    this.addSql(`create unique index \`users_name_unique\` on \`users\` (\`name\`);`);

    this.addSql(
      `create table \`gamification_profiles\` (\`user_id\` integer not null primary key, \`total_points\` integer not null, \`best_streak_days\` integer not null, constraint \`gamification_profiles_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update cascade on delete cascade);`,
    );

    this.addSql(
      `create table \`clients\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`name\` text not null, \`email\` text null, \`phone\` text null, \`description\` text null, \`active\` integer not null default true, \`created_at\` bigint not null, \`updated_at\` bigint not null, constraint \`clients_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete restrict);`,
    );
    this.addSql(`create index \`clients_owner_id_index\` on \`clients\` (\`owner_id\`);`);
    this.addSql(`create index \`clients_owner_index\` on \`clients\` (\`owner_id\`, \`id\`);`);

    this.addSql(
      `create table \`projects\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`name\` text not null, \`client_id\` integer null, \`description\` text null, \`active\` integer not null default true, \`created_at\` bigint not null, \`updated_at\` bigint not null, constraint \`projects_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete restrict, constraint \`projects_client_id_foreign\` foreign key (\`client_id\`) references \`clients\` (\`id\`) on delete restrict);`,
    );
    this.addSql(`create index \`projects_owner_id_index\` on \`projects\` (\`owner_id\`);`);
    this.addSql(`create index \`projects_client_id_index\` on \`projects\` (\`client_id\`);`);
    this.addSql(`create index \`projects_owner_index\` on \`projects\` (\`owner_id\`, \`id\`);`);

    this.addSql(
      `create table \`categories\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`name\` text not null, \`description\` text null, \`active\` integer not null default true, \`created_at\` bigint not null, \`updated_at\` bigint not null, constraint \`categories_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete restrict);`,
    );
    this.addSql(`create index \`categories_owner_id_index\` on \`categories\` (\`owner_id\`);`);
    this.addSql(`create index \`categories_owner_index\` on \`categories\` (\`owner_id\`, \`id\`);`);

    this.addSql(
      `create table \`tasks\` (\`id\` integer not null primary key autoincrement, \`owner_id\` integer not null, \`client_task_id\` integer not null, \`number_scope\` integer not null, \`title\` text not null, \`description\` text null, \`date\` text null, \`priority\` integer not null, \`status\` integer not null, \`active\` integer not null, \`project_id\` integer null, \`client_id\` integer null, \`category_id\` integer null, \`assignee_id\` integer null, \`time_planned\` integer null, \`price_planned_cents\` bigint null, \`completed_at\` bigint null, \`created_at\` bigint not null, \`updated_at\` bigint not null, \`version\` integer not null default 1, constraint \`tasks_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete restrict, constraint \`tasks_project_id_foreign\` foreign key (\`project_id\`) references \`projects\` (\`id\`) on delete restrict, constraint \`tasks_client_id_foreign\` foreign key (\`client_id\`) references \`clients\` (\`id\`) on delete restrict, constraint \`tasks_category_id_foreign\` foreign key (\`category_id\`) references \`categories\` (\`id\`) on delete restrict, constraint \`tasks_assignee_id_foreign\` foreign key (\`assignee_id\`) references \`users\` (\`id\`) on delete restrict);`,
    );
    this.addSql(`create index \`tasks_owner_id_index\` on \`tasks\` (\`owner_id\`);`);
    this.addSql(`create index \`tasks_project_id_index\` on \`tasks\` (\`project_id\`);`);
    this.addSql(`create index \`tasks_client_id_index\` on \`tasks\` (\`client_id\`);`);
    this.addSql(`create index \`tasks_category_id_index\` on \`tasks\` (\`category_id\`);`);
    this.addSql(`create index \`tasks_owner_index\` on \`tasks\` (\`owner_id\`, \`id\`);`);
    this.addSql(`create index \`tasks_assignee_index\` on \`tasks\` (\`assignee_id\`);`);
    this.addSql(
      `create unique index \`tasks_client_number_unique\` on \`tasks\` (\`owner_id\`, \`number_scope\`, \`client_task_id\`);`,
    );

    this.addSql(
      `create table \`task_status_history\` (\`id\` integer not null primary key autoincrement, \`task_id\` integer not null, \`from_status\` integer null, \`to_status\` integer not null, \`changed_by\` integer not null, \`changed_at\` bigint not null, constraint \`task_status_history_task_id_foreign\` foreign key (\`task_id\`) references \`tasks\` (\`id\`) on delete cascade);`,
    );
    this.addSql(
      `create index \`task_status_history_task_id_index\` on \`task_status_history\` (\`task_id\`);`,
    );
    this.addSql(
      `create index \`task_status_history_task_index\` on \`task_status_history\` (\`task_id\`, \`id\`);`,
    );

    this.addSql(
      `create table \`api_keys\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`digest\` text not null, \`display_prefix\` text not null, \`scopes\` text not null, \`created_at\` bigint not null, \`expires_at\` bigint null, \`revoked_at\` bigint null, \`last_used_at\` bigint null, constraint \`api_keys_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`api_keys_user_id_index\` on \`api_keys\` (\`user_id\`);`);
    this.addSql(`create unique index \`api_keys_digest_unique\` on \`api_keys\` (\`digest\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`user_achievements\`;`);
    this.addSql(`drop table if exists \`task_completions\`;`);
    this.addSql(`drop table if exists \`task_numbers\`;`);
    this.addSql(`drop table if exists \`users\`;`);
    this.addSql(`drop table if exists \`gamification_profiles\`;`);
    this.addSql(`drop table if exists \`clients\`;`);
    this.addSql(`drop table if exists \`projects\`;`);
    this.addSql(`drop table if exists \`categories\`;`);
    this.addSql(`drop table if exists \`tasks\`;`);
    this.addSql(`drop table if exists \`task_status_history\`;`);
    this.addSql(`drop table if exists \`api_keys\`;`);
  }
}
