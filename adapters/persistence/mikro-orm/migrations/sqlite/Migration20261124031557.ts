import { Migration } from '@mikro-orm/migrations';

/**
 * Tasks assigned by someone else are read and counted from an (assignee, id, owner) index, without
 * a table lookup per task to see its owner. `tasks_assignee_id_index` is the index SQLite's schema
 * makes for the foreign key once no single-column index serves it.
 */
export class Migration20261124031557 extends Migration {
  override name = 'Migration20261124031557';

  override up(): void | Promise<void> {
    this.addSql('create index `tasks_assignee_visible_index` on `tasks` (`assignee_id`, `id`, `owner_id`);');
    this.addSql('drop index `tasks_assignee_index`;');
    this.addSql('create index `tasks_assignee_id_index` on `tasks` (`assignee_id`);');
  }

  override down(): void | Promise<void> {
    this.addSql('drop index `tasks_assignee_id_index`;');
    this.addSql('drop index `tasks_assignee_visible_index`;');
    this.addSql('create index `tasks_assignee_index` on `tasks` (`assignee_id`);');
  }
}
