import { Migration } from '@mikro-orm/migrations';
import { coveredIndexesDropped } from '../covered-indexes.js';

/** Drops the indexes another index of their table starts with: fewer writes per insert. */
export class Migration20261127140001 extends Migration {
  override name = 'Migration20261127140001';

  override up(): void | Promise<void> {
    for (const sql of coveredIndexesDropped('postgresql').up) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    for (const sql of coveredIndexesDropped('postgresql').down) this.addSql(sql);
  }
}
