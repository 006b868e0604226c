import { sparseReferenceIndexes } from '../sparse-reference-indexes.js';
import { StatementsMigration } from '../statements-migration.js';

/** Task indexes over an optional reference hold only the tasks that have one (sparse-reference-indexes.ts). */
export class Migration20261128090000 extends StatementsMigration {
  override name = 'Migration20261128090000';

  protected override statements() {
    return sparseReferenceIndexes('sqlite');
  }
}
