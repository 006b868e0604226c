import { Migration } from '@mikro-orm/migrations';

export class Migration20261123074346 extends Migration {
  override name = 'Migration20261123074346';

  override up(): void | Promise<void> {
    this.addSql(`create index "projects_client_id_index" on "projects" ("client_id");`);

    this.addSql(`create index "tasks_project_id_index" on "tasks" ("project_id");`);
    this.addSql(`create index "tasks_client_id_index" on "tasks" ("client_id");`);
    this.addSql(`create index "tasks_category_id_index" on "tasks" ("category_id");`);

    this.addSql(`create index "time_records_client_id_index" on "time_records" ("client_id");`);
    this.addSql(`create index "time_records_project_id_index" on "time_records" ("project_id");`);
    this.addSql(`create index "time_records_task_id_index" on "time_records" ("task_id");`);
    this.addSql(`create index "time_records_category_id_index" on "time_records" ("category_id");`);

    this.addSql(`create index "notes_client_id_index" on "notes" ("client_id");`);
    this.addSql(`create index "notes_project_id_index" on "notes" ("project_id");`);
    this.addSql(`create index "notes_task_id_index" on "notes" ("task_id");`);
    this.addSql(`create index "notes_category_id_index" on "notes" ("category_id");`);

    this.addSql(`create index "money_records_client_id_index" on "money_records" ("client_id");`);
    this.addSql(`create index "money_records_project_id_index" on "money_records" ("project_id");`);
    this.addSql(`create index "money_records_task_id_index" on "money_records" ("task_id");`);
    this.addSql(`create index "money_records_category_id_index" on "money_records" ("category_id");`);
    this.addSql(`create index "money_records_card_id_index" on "money_records" ("card_id");`);
    this.addSql(`create index "money_records_to_card_id_index" on "money_records" ("to_card_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "money_records_client_id_index";`);
    this.addSql(`drop index "money_records_project_id_index";`);
    this.addSql(`drop index "money_records_task_id_index";`);
    this.addSql(`drop index "money_records_category_id_index";`);
    this.addSql(`drop index "money_records_card_id_index";`);
    this.addSql(`drop index "money_records_to_card_id_index";`);

    this.addSql(`drop index "notes_client_id_index";`);
    this.addSql(`drop index "notes_project_id_index";`);
    this.addSql(`drop index "notes_task_id_index";`);
    this.addSql(`drop index "notes_category_id_index";`);

    this.addSql(`drop index "projects_client_id_index";`);

    this.addSql(`drop index "tasks_project_id_index";`);
    this.addSql(`drop index "tasks_client_id_index";`);
    this.addSql(`drop index "tasks_category_id_index";`);

    this.addSql(`drop index "time_records_client_id_index";`);
    this.addSql(`drop index "time_records_project_id_index";`);
    this.addSql(`drop index "time_records_task_id_index";`);
    this.addSql(`drop index "time_records_category_id_index";`);
  }
}
