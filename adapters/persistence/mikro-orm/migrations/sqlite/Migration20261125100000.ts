import { UndoingMigration } from '../undoing.js';
import { Migration20261124120000 } from './Migration20261124120000.js';

/**
 * Drops `client_latest_records` and the triggers that kept it (issue 29): "clients ordered by their
 * latest record" finds each client's latest along the records' (client_id, created_at, id) index
 * instead, one step per client, at the same speed, with no table to keep right.
 */
export class Migration20261125100000 extends UndoingMigration {
  protected override readonly earlier = Migration20261124120000;
  override name = 'Migration20261125100000';
}
