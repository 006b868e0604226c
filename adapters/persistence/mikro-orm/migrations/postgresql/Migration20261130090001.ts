import { calendarFeeds } from '../calendar-feeds.js';
import { StatementsMigration } from '../statements-migration.js';

/** Calendar feeds (calendar-feeds.ts). */
export class Migration20261130090001 extends StatementsMigration {
  override name = 'Migration20261130090001';

  protected override statements() {
    return calendarFeeds('postgresql');
  }
}
