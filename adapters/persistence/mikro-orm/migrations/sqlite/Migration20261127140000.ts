import { coveredIndexesDropped } from '../covered-indexes.js';
import { StatementsMigration } from '../statements-migration.js';

/** Drops the indexes another index of their table starts with: fewer writes per insert. */
export class Migration20261127140000 extends StatementsMigration {
  override name = 'Migration20261127140000';

  protected override statements() {
    return coveredIndexesDropped('sqlite');
  }
}
