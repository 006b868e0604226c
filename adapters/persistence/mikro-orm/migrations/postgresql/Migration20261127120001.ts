import { Migration } from '@mikro-orm/migrations';
import { standingDaysCounted } from '../standing-days-counted.js';

/** Standing completions per day counted from the completions; `completion_days` goes. */
export class Migration20261127120001 extends Migration {
  override name = 'Migration20261127120001';

  override up(): void | Promise<void> {
    for (const sql of standingDaysCounted('postgresql').up) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    for (const sql of standingDaysCounted('postgresql').down) this.addSql(sql);
  }
}
