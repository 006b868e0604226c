import { UndoingMigration } from '../undoing.js';
import { Migration20261124090001 } from './Migration20261124090001.js';
import { Migration20261124140001 } from './Migration20261124140001.js';

/**
 * Drops the per-user row versions and their triggers (visible_row_versions): they existed only for
 * pages and counts kept in the server's memory, which are gone. A list's ETag now comes from the
 * change log the unit of work writes (change_sequences).
 */
export class Migration20261125020001 extends UndoingMigration {
  protected override readonly earlier = [Migration20261124090001, Migration20261124140001];
  override name = 'Migration20261125020001';
}
