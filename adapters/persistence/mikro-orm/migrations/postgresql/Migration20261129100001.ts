import { changeLogRecords } from '../change-log-records.js';
import { StatementsMigration } from '../statements-migration.js';

/** The change log keeps each record as its write left it (change-log-records.ts). */
export class Migration20261129100001 extends StatementsMigration {
  override name = 'Migration20261129100001';

  protected override statements() {
    return changeLogRecords('postgresql');
  }
}
