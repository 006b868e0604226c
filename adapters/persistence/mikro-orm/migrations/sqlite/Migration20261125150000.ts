import { Migration } from '@mikro-orm/migrations';
import { webhookTables } from '../webhook-tables.js';

/** Webhook subscriptions, their deliveries, and the status change noted in the change log. */
export class Migration20261125150000 extends Migration {
  override name = 'Migration20261125150000';

  override up(): void | Promise<void> {
    for (const sql of webhookTables('sqlite').up) this.addSql(sql);
  }

  override down(): void | Promise<void> {
    for (const sql of webhookTables('sqlite').down) this.addSql(sql);
  }
}
