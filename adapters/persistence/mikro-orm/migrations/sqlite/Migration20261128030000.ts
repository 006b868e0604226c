import { Migration } from '@mikro-orm/migrations';
import { taskFilterIndexes } from '../task-filter-indexes.js';

/** Indexes that answer a filtered task list from its page and capped count alone (task-filter-indexes.ts). */
export class Migration20261128030000 extends Migration {
  override name = 'Migration20261128030000';

  override up(): void | Promise<void> {
    for (const sql of taskFilterIndexes('sqlite').up) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    for (const sql of taskFilterIndexes('sqlite').down) this.addSql(sql);
  }
}
