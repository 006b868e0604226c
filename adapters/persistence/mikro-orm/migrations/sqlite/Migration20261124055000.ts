import { Migration } from '@mikro-orm/migrations';
import { type PerUserSearch, perUserSearchDown, perUserSearchUp } from './per-user-search.js';

/** Notes have no assignee: their words are their owner's. */
const NOTES: PerUserSearch = {
  index: 'note_search',
  table: 'notes',
  columns: ['name', 'description'],
  sharedWith: null,
};

/** Notes searched on a per-user index too, as tasks are (Migration20261124053000). */
export class Migration20261124055000 extends Migration {
  override name = 'Migration20261124055000';

  override up(): void | Promise<void> {
    for (const statement of perUserSearchUp(NOTES)) this.addSql(statement);
  }

  override down(): void | Promise<void> {
    for (const statement of perUserSearchDown(NOTES)) this.addSql(statement);
  }
}
