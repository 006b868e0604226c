import { Migration } from '@mikro-orm/migrations';

/** The search indexes as they were when this ran. */
const SEARCH_INDEXES = ['task_search', 'note_search'] as const;

/**
 * Lets a merge step of the search indexes (SearchIndexUpkeep) merge any two segments of a level
 * rather than waiting for four: settled, an index then holds about a segment per level.
 */
export class Migration20261124130000 extends Migration {
  override name = 'Migration20261124130000';

  override up(): void | Promise<void> {
    for (const index of SEARCH_INDEXES)
      this.addSql(`insert into ${index} (${index}, rank) values ('usermerge', 2);`);
  }

  override down(): void | Promise<void> {
    for (const index of SEARCH_INDEXES)
      this.addSql(`insert into ${index} (${index}, rank) values ('usermerge', 4);`);
  }
}
