import { StatementsMigration } from '../statements-migration.js';
import { taskFilterIndexes } from '../task-filter-indexes.js';

/** Indexes that answer a filtered task list from its page and capped count alone (task-filter-indexes.ts). */
export class Migration20261128030000 extends StatementsMigration {
  override name = 'Migration20261128030000';

  protected override statements() {
    return taskFilterIndexes('sqlite');
  }
}
