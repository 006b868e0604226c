import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032358 extends Migration {
  override name = 'Migration20261122032358';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "time_records" ("id" serial primary key, "owner_id" int not null, "time_really" int not null, "description" text null, "date" varchar(19) null, "client_id" int null, "project_id" int null, "task_id" int null, "category_id" int null, "created_at" bigint not null, "updated_at" bigint not null);`,
    );
    this.addSql(`create index "time_records_owner_index" on "time_records" ("owner_id", "id");`);

    this.addSql(
      `create table "notes" ("id" serial primary key, "owner_id" int not null, "name" varchar(191) not null, "description" text null, "active" boolean not null default true, "date" varchar(19) null, "client_id" int null, "project_id" int null, "task_id" int null, "category_id" int null, "created_at" bigint not null, "updated_at" bigint not null);`,
    );
    this.addSql(`create index "notes_owner_index" on "notes" ("owner_id", "id");`);

    this.addSql(
      `create table "cards" ("id" serial primary key, "owner_id" int not null, "name" varchar(191) not null, "description" text null, "active" boolean not null default true, "created_at" bigint not null, "updated_at" bigint not null);`,
    );
    this.addSql(`create index "cards_owner_index" on "cards" ("owner_id", "id");`);

    this.addSql(
      `create table "money_records" ("id" serial primary key, "owner_id" int not null, "type" smallint not null, "price_cents" bigint not null, "card_id" int null, "to_card_id" int null, "description" text null, "date" varchar(19) null, "client_id" int null, "project_id" int null, "task_id" int null, "category_id" int null, "created_at" bigint not null, "updated_at" bigint not null);`,
    );
    this.addSql(`create index "money_records_owner_index" on "money_records" ("owner_id", "id");`);

    this.addSql(
      `alter table "time_records" add constraint "time_records_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "time_records" add constraint "time_records_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "time_records" add constraint "time_records_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "time_records" add constraint "time_records_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "time_records" add constraint "time_records_category_id_foreign" foreign key ("category_id") references "categories" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "notes" add constraint "notes_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "notes" add constraint "notes_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "notes" add constraint "notes_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "notes" add constraint "notes_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "notes" add constraint "notes_category_id_foreign" foreign key ("category_id") references "categories" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "cards" add constraint "cards_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict;`,
    );

    this.addSql(
      `alter table "money_records" add constraint "money_records_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "money_records" add constraint "money_records_card_id_foreign" foreign key ("card_id") references "cards" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "money_records" add constraint "money_records_to_card_id_foreign" foreign key ("to_card_id") references "cards" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "money_records" add constraint "money_records_client_id_foreign" foreign key ("client_id") references "clients" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "money_records" add constraint "money_records_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete restrict;`,
    );
    this.addSql(
      `alter table "money_records" add constraint "money_records_task_id_foreign" foreign key ("task_id") references "tasks" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "money_records" add constraint "money_records_category_id_foreign" foreign key ("category_id") references "categories" ("id") on delete restrict;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "money_records" drop constraint "money_records_card_id_foreign";`);
    this.addSql(`alter table "money_records" drop constraint "money_records_to_card_id_foreign";`);

    this.addSql(`drop table if exists "time_records" cascade;`);
    this.addSql(`drop table if exists "notes" cascade;`);
    this.addSql(`drop table if exists "cards" cascade;`);
    this.addSql(`drop table if exists "money_records" cascade;`);
  }
}
