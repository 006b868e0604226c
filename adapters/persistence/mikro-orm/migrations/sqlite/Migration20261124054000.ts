import { Migration } from '@mikro-orm/migrations';

/** The owned record tables, which had no version until now. */
const RECORD_TABLES = [
  'clients',
  'projects',
  'categories',
  'cards',
  'notes',
  'time_records',
  'money_records',
];

/**
 * A version on every record, as tasks have: each write the service makes raises it, so the read
 * side can tell a row it has decoded before from a changed one (VersionedRows). Existing rows start
 * at 1, as new ones do.
 */
export class Migration20261124054000 extends Migration {
  override name = 'Migration20261124054000';

  override up(): void | Promise<void> {
    for (const table of RECORD_TABLES)
      this.addSql(`alter table ${table} add column version integer not null default 1;`);
  }

  override down(): void | Promise<void> {
    for (const table of RECORD_TABLES) this.addSql(`alter table ${table} drop column version;`);
  }
}
