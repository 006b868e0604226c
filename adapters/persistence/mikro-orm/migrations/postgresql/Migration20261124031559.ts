import { Migration } from '@mikro-orm/migrations';

/**
 * Tasks assigned by someone else are read and counted from an (assignee, id, owner) index, without
 * a table lookup per task to see its owner.
 */
export class Migration20261124031559 extends Migration {
  override name = 'Migration20261124031559';

  override up(): void | Promise<void> {
    this.addSql('create index "tasks_assignee_visible_index" on "tasks" ("assignee_id", "id", "owner_id");');
    this.addSql('drop index "tasks_assignee_index";');
  }

  override down(): void | Promise<void> {
    this.addSql('create index "tasks_assignee_index" on "tasks" ("assignee_id");');
    this.addSql('drop index "tasks_assignee_visible_index";');
  }
}
