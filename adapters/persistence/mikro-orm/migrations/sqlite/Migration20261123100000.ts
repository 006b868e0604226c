import { UndoingMigration } from '../undoing.js';
import { Migration20261123073500 } from './Migration20261123073500.js';

/**
 * Drops the trigram FTS5 tables and their triggers: a search now tests the rows of the owner's
 * own list (see SQLITE in sql-dialect.ts), so its cost never follows other owners' text, and
 * writes no longer keep an index no query reads.
 */
export class Migration20261123100000 extends UndoingMigration {
  protected override readonly earlier = Migration20261123073500;
  override name = 'Migration20261123100000';
}
