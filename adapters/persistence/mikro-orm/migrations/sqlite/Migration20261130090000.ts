import { calendarFeeds } from '../calendar-feeds.js';
import { StatementsMigration } from '../statements-migration.js';

/** Calendar feeds (calendar-feeds.ts). */
export class Migration20261130090000 extends StatementsMigration {
  override name = 'Migration20261130090000';

  protected override statements() {
    return calendarFeeds('sqlite');
  }
}
