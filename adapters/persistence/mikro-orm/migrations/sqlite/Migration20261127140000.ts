import { Migration } from '@mikro-orm/migrations';
import { coveredIndexesDropped } from '../covered-indexes.js';

/** Drops the indexes another index of their table starts with: fewer writes per insert. */
export class Migration20261127140000 extends Migration {
  override name = 'Migration20261127140000';

  override up(): void | Promise<void> {
    for (const sql of coveredIndexesDropped('sqlite').up) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    for (const sql of coveredIndexesDropped('sqlite').down) this.addSql(sql);
  }
}
