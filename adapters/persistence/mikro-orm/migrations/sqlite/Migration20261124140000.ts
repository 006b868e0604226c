import { Migration } from '@mikro-orm/migrations';

/** Raises the version of the clients of each owner `owners` selects (see VisibleRowVersionSchema). */
const bump = (owners: string) =>
  "insert into visible_row_versions (user_id, table_name, version) select user_id, 'clients', 1 " +
  `from (${owners}) where user_id is not null ` +
  'on conflict (user_id, table_name) do update set version = version + 1;';

/** The owners of the clients `ids` names. */
const ownersOf = (ids: string) => `select distinct owner_id as user_id from clients where id in (${ids})`;

/**
 * The clients a user owns join the versioned tables: their version rises with every write to one
 * of them, and with every change to the kept latest record of one of them (client_latest_records,
 * which the clients list orders by), so a clients list, in either order, can keep its page.
 */
export class Migration20261124140000 extends Migration {
  override name = 'Migration20261124140000';

  override up(): void | Promise<void> {
    const clients = {
      insert: 'select new.owner_id as user_id',
      update: 'select old.owner_id as user_id union select new.owner_id',
      delete: 'select old.owner_id as user_id',
    };
    for (const [change, owners] of Object.entries(clients))
      this.addSql(
        `create trigger clients_visible_${change} after ${change} on clients begin ${bump(owners)} end;`,
      );
    const latest = {
      insert: ownersOf('new.client_id'),
      update: ownersOf('old.client_id, new.client_id'),
      delete: ownersOf('old.client_id'),
    };
    for (const [change, owners] of Object.entries(latest))
      this.addSql(
        `create trigger client_latest_records_visible_${change} after ${change} on client_latest_records ` +
          `begin ${bump(owners)} end;`,
      );
  }

  override down(): void | Promise<void> {
    for (const change of ['insert', 'update', 'delete']) {
      this.addSql(`drop trigger if exists clients_visible_${change};`);
      this.addSql(`drop trigger if exists client_latest_records_visible_${change};`);
    }
  }
}
