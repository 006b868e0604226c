import { Migration } from '@mikro-orm/migrations';
import { addRecordVersions, dropRecordVersions } from '../record-versions.js';

/** A version on every record (see record-versions.ts). */
export class Migration20261124054001 extends Migration {
  override name = 'Migration20261124054001';

  override up(): void | Promise<void> {
    for (const statement of addRecordVersions('int')) this.addSql(statement);
  }

  override down(): void | Promise<void> {
    for (const statement of dropRecordVersions()) this.addSql(statement);
  }
}
