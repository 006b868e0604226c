import { UndoingMigration } from '../undoing.js';
import { Migration20261123073501 } from './Migration20261123073501.js';

/**
 * Drops the lower-cased search tables, their trigram indexes and triggers: a search now tests the
 * rows of the owner's own list (see POSTGRESQL in sql-dialect.ts), so its cost never follows other
 * owners' text, and writes no longer keep an index no query reads. pg_trgm stays installed: it may
 * have been there before, for someone else.
 */
export class Migration20261123100001 extends UndoingMigration {
  protected override readonly earlier = Migration20261123073501;
  override name = 'Migration20261123100001';
}
