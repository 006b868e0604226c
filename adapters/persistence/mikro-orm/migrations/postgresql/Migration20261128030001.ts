import { Migration } from '@mikro-orm/migrations';
import { taskFilterIndexes } from '../task-filter-indexes.js';

/** Indexes that answer a filtered task list from its page and capped count alone (task-filter-indexes.ts). */
export class Migration20261128030001 extends Migration {
  override name = 'Migration20261128030001';

  override up(): void | Promise<void> {
    for (const sql of taskFilterIndexes('postgresql').up) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    for (const sql of taskFilterIndexes('postgresql').down) this.addSql(sql);
  }
}
