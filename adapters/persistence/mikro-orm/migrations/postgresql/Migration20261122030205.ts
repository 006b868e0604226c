import { Migration } from '@mikro-orm/migrations';

export class Migration20261122030205 extends Migration {
  override name = 'Migration20261122030205';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "user_achievements" ("user_id" int not null, "code" varchar(32) not null, "unlocked_at" bigint not null, primary key ("user_id", "code"));`,
    );

    this.addSql(
      `create table "task_completions" ("id" serial primary key, "user_id" int not null, "task_id" int not null, "day" varchar(10) not null, "points" int not null, "completed_at" bigint not null, "revoked_at" bigint null);`,
    );
    this.addSql(
      `create index "task_completions_user_index" on "task_completions" ("user_id", "revoked_at");`,
    );
    this.addSql(`create index "task_completions_task_index" on "task_completions" ("task_id");`);

    this.addSql(
      `create table "task_numbers" ("owner_id" int not null, "scope" int not null, "last_value" int not null, primary key ("owner_id", "scope"));`,
    );

    this.addSql(
      `create table "users" ("id" serial primary key, "name" varchar(191) not null, "timezone" varchar(64) not null, "created_at" bigint not null);`,
    );
    this.addSql(`alter table "users" add constraint "users_name_unique" unique ("name");`);

    this.addSql(
      `create table "gamification_profiles" ("user_id" int not null, "total_points" int not null, "best_streak_days" int not null, primary key ("user_id"));`,
    );

    this.addSql(
      `create table "clients" ("id" serial primary key, "owner_id" int not null, "name" varchar(191) not null, "email" varchar(191) null, "phone" varchar(50) null, "description" text null, "active" boolean not null default true, "created_at" bigint not null, "updated_at" bigint not null);`,
    );
    this.addSql(`create index "clients_owner_index" on "clients" ("owner_id", "id");`);

    this.addSql(
      `create table "projects" ("id" serial primary key, "owner_id" int not null, "name" varchar(191) not null, "client_id" int null, "description" text null, "active" boolean not null default true, "created_at" bigint not null, "updated_at" bigint not null);`,
    );
    this.addSql(`create index "projects_owner_index" on "projects" ("owner_id", "id");`);

    this.addSql(
      `create table "categories" ("id" serial primary key, "owner_id" int not null, "name" varchar(191) not null, "description" text null, "active" boolean not null default true, "created_at" bigint not null, "updated_at" bigint not null);`,
    );
    this.addSql(`create index "categories_owner_index" on "categories" ("owner_id", "id");`);

    this.addSql(
      `create table "tasks" ("id" serial primary key, "owner_id" int not null, "client_task_id" int not null, "number_scope" int not null, "title" varchar(191) not null, "description" text null, "date" varchar(19) null, "priority" smallint not null, "status" smallint not null, "active" boolean not null, "project_id" int null, "client_id" int null, "category_id" int null, "assignee_id" int null, "time_planned" int null, "price_planned_cents" bigint null, "completed_at" bigint null, "created_at" bigint not null, "updated_at" bigint not null, "version" int not null default 1);`,
    );
    this.addSql(`create index "tasks_owner_index" on "tasks" ("owner_id", "id");`);
    this.addSql(`create index "tasks_assignee_index" on "tasks" ("assignee_id");`);
    this.addSql(
      `alter table "tasks" add constraint "tasks_client_number_unique" unique ("owner_id", "number_scope", "client_task_id");`,
    );

    this.addSql(
      `create table "task_status_history" ("id" serial primary key, "task_id" int not null, "from_status" smallint null, "to_status" smallint not null, "changed_by" int not null, "changed_at" bigint not null);`,
    );
    this.addSql(`create index "task_status_history_task_index" on "task_status_history" ("task_id", "id");`);

    this.addSql(
      `create table "api_keys" ("id" serial primary key, "user_id" int not null, "digest" varchar(64) not null, "display_prefix" varchar(32) not null, "scopes" text not null, "created_at" bigint not null, "expires_at" bigint null, "revoked_at" bigint null, "last_used_at" bigint null);`,
    );
    this.addSql(`alter table "api_keys" add constraint "api_keys_digest_unique" unique ("digest");`);

    this.addSql(
      `alter table "gamification_profiles" add constraint "gamification_profiles_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "clients" add constraint "clients_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "projects" add constraint "projects_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "projects" add constraint "projects_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "categories" add constraint "categories_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "tasks" add constraint "tasks_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_category_id_foreign" foreign key ("category_id") references "categories" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "tasks" add constraint "tasks_assignee_id_foreign" foreign key ("assignee_id") references "users" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "task_status_history" add constraint "task_status_history_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "api_keys" add constraint "api_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "gamification_profiles" drop constraint "gamification_profiles_user_id_foreign";`,
    );
    this.addSql(`alter table "clients" drop constraint "clients_owner_id_foreign";`);
    this.addSql(`alter table "projects" drop constraint "projects_owner_id_foreign";`);
    this.addSql(`alter table "categories" drop constraint "categories_owner_id_foreign";`);
    this.addSql(`alter table "tasks" drop constraint "tasks_owner_id_foreign";`);
    this.addSql(`alter table "tasks" drop constraint "tasks_assignee_id_foreign";`);
    this.addSql(`alter table "api_keys" drop constraint "api_keys_user_id_foreign";`);
    this.addSql(`alter table "projects" drop constraint "projects_client_id_foreign";`);
    this.addSql(`alter table "tasks" drop constraint "tasks_client_id_foreign";`);
    this.addSql(`alter table "tasks" drop constraint "tasks_project_id_foreign";`);
    this.addSql(`alter table "tasks" drop constraint "tasks_category_id_foreign";`);
    this.addSql(`alter table "task_status_history" drop constraint "task_status_history_task_id_foreign";`);

    this.addSql(`drop table if exists "user_achievements" cascade;`);
    this.addSql(`drop table if exists "task_completions" cascade;`);
    this.addSql(`drop table if exists "task_numbers" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "gamification_profiles" cascade;`);
    this.addSql(`drop table if exists "clients" cascade;`);
    this.addSql(`drop table if exists "projects" cascade;`);
    this.addSql(`drop table if exists "categories" cascade;`);
    this.addSql(`drop table if exists "tasks" cascade;`);
    this.addSql(`drop table if exists "task_status_history" cascade;`);
    this.addSql(`drop table if exists "api_keys" cascade;`);
  }
}
