import { Migration } from '@mikro-orm/migrations';

/** The record tables whose latest row per client is kept (LATEST_RECORD_TABLES, as they were when this ran). */
const RECORD_TABLES = ['tasks', 'notes', 'time_records', 'money_records'] as const;

/**
 * Raises the version of the clients of each owner `owners` selects (see VisibleRowVersionSchema),
 * in user order, as bump_visible_row_versions() does.
 */
const bump = (owners: string) =>
  "insert into visible_row_versions (user_id, table_name, version) select user_id, 'clients', 1 " +
  `from (${owners}) seers (user_id) where user_id is not null order by user_id ` +
  'on conflict (user_id, table_name) do update set version = visible_row_versions.version + 1;';

/** The owners of the clients `ids` selects. */
const ownersOf = (ids: string) => `select distinct owner_id from clients where id in (${ids})`;

/** Rows of an UPDATE whose client or creation time changed: only those can move a client's latest record. */
const moved =
  'from old_rows o join new_rows n on n.id = o.id ' +
  'where o.client_id is distinct from n.client_id or o.created_at <> n.created_at';

/**
 * The clients a user owns join the versioned tables: their version rises with every write to one
 * of them, and with every write to a record that can change the kept latest record of one of them
 * (client_latest_records, which the clients list orders by), so a clients list, in either order,
 * can keep its page.
 *
 * The record tables raise it in statement triggers of their own, which fire after the row triggers
 * keeping the latest records, and before their own version's (triggers of one event fire in name
 * order): every writer takes a client's row lock, then the clients version, then its own table's.
 * A trigger on client_latest_records itself would take the version in the middle of a row trigger,
 * before that trigger locks the client whose latest it finds again.
 */
export class Migration20261124140001 extends Migration {
  override name = 'Migration20261124140001';

  override up(): void | Promise<void> {
    const transitions = {
      insert: 'new table as new_rows',
      update: 'old table as old_rows new table as new_rows',
      delete: 'old table as old_rows',
    };
    for (const [change, transition] of Object.entries(transitions))
      this.addSql(
        `create trigger clients_visible_${change} after ${change} on "clients" referencing ${transition} ` +
          'for each statement execute function bump_visible_row_versions();',
      );
    this.addSql(`create function bump_linked_client_versions() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${bump(ownersOf('select client_id from new_rows'))}
  elsif tg_op = 'UPDATE' then
    ${bump(ownersOf(`select o.client_id ${moved} union select n.client_id ${moved}`))}
  else
    ${bump(ownersOf('select client_id from old_rows'))}
  end if;
  return null;
end $$;`);
    for (const table of RECORD_TABLES)
      for (const [change, transition] of Object.entries(transitions))
        this.addSql(
          `create trigger ${table}_client_versions_${change} after ${change} on "${table}" referencing ${transition} ` +
            'for each statement execute function bump_linked_client_versions();',
        );
  }

  override down(): void | Promise<void> {
    for (const change of ['insert', 'update', 'delete']) {
      this.addSql(`drop trigger if exists clients_visible_${change} on "clients";`);
      for (const table of RECORD_TABLES)
        this.addSql(`drop trigger if exists ${table}_client_versions_${change} on "${table}";`);
    }
    this.addSql('drop function if exists bump_linked_client_versions();');
  }
}
