import { StatementsMigration } from '../statements-migration.js';
import { webhookTables } from '../webhook-tables.js';

/** Webhook subscriptions, their deliveries, and the status change noted in the change log. */
export class Migration20261125150000 extends StatementsMigration {
  override name = 'Migration20261125150000';

  protected override statements() {
    return webhookTables('sqlite');
  }
}
