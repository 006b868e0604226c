import { StatementsMigration } from '../statements-migration.js';
import { webhookAttempts } from '../webhook-attempts.js';

/** Every attempt at a webhook delivery, kept in its log (webhook-attempts.ts). */
export class Migration20261129140001 extends StatementsMigration {
  override name = 'Migration20261129140001';

  protected override statements() {
    return webhookAttempts('postgresql');
  }
}
