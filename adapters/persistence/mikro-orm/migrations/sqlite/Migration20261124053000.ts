import { Migration } from '@mikro-orm/migrations';
import { type PerUserSearch, perUserSearchDown, perUserSearchUp } from './per-user-search.js';

const TASKS: PerUserSearch = {
  index: 'task_search',
  table: 'tasks',
  columns: ['title', 'description'],
  sharedWith: 'assignee_id',
};

/**
 * Tasks searched on an index whose words belong to one user (search-tokens.ts): it answers a
 * search's page and count from the caller's own entries alone. The trigram index tried before
 * (Migration20261123073500) held shared words, whose matches across every owner each search had to
 * read.
 */
export class Migration20261124053000 extends Migration {
  override name = 'Migration20261124053000';

  override up(): void | Promise<void> {
    for (const statement of perUserSearchUp(TASKS)) this.addSql(statement);
  }

  override down(): void | Promise<void> {
    for (const statement of perUserSearchDown(TASKS)) this.addSql(statement);
  }
}
