import { Migration } from '@mikro-orm/migrations';
import { CHANGE_LOG_BACKFILL } from '../change-log-backfill.js';

/** Logs every record written before the change log existed, so a sync from the beginning sees it. */
export class Migration20261125120001 extends Migration {
  override name = 'Migration20261125120001';

  override up(): void | Promise<void> {
    for (const sql of CHANGE_LOG_BACKFILL) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    // The entries stay: they say nothing untrue, and later entries are numbered after them.
  }
}
