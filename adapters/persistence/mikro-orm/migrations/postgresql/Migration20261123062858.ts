import { Migration } from '@mikro-orm/migrations';

export class Migration20261123062858 extends Migration {
  override name = 'Migration20261123062858';

  override up(): void | Promise<void> {
    this.addSql(`create index "tasks_client_latest_index" on "tasks" ("client_id", "created_at", "id");`);

    this.addSql(
      `create index "time_records_client_latest_index" on "time_records" ("client_id", "created_at", "id");`,
    );

    this.addSql(`create index "notes_client_latest_index" on "notes" ("client_id", "created_at", "id");`);

    this.addSql(
      `create index "money_records_client_latest_index" on "money_records" ("client_id", "created_at", "id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "money_records_client_latest_index";`);

    this.addSql(`drop index "notes_client_latest_index";`);

    this.addSql(`drop index "tasks_client_latest_index";`);

    this.addSql(`drop index "time_records_client_latest_index";`);
  }
}
