import { Migration } from '@mikro-orm/migrations';

/** The record tables whose latest row per client is kept (LATEST_RECORD_TABLES, as they were when this ran). */
const TABLES = { task: 'tasks', note: 'notes', time: 'time_records', money: 'money_records' } as const;

/** An offered row replaces the kept one only when later by (created_at, id). */
const KEEP_LATER =
  'on conflict (client_id, record_type) do update set record_id = excluded.record_id, created_at = excluded.created_at ' +
  'where (excluded.created_at, excluded.record_id) > (client_latest_records.created_at, client_latest_records.record_id)';

/**
 * Keeps the client's latest record of `type` as rows of `table` are written: a new or moved row is
 * offered to its client; when the kept row leaves (deleted, moved, re-dated) the client's latest is
 * found again. Finding again locks the client's row first, so that two transactions removing the
 * client's records take turns, each seeing what the other committed; without it one could keep a
 * record the other had just deleted.
 */
const keepLatest = (
  type: string,
  table: string,
) => `create function ${table}_keep_latest_per_client() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    if old.client_id is not null and (tg_op = 'DELETE' or old.client_id is distinct from new.client_id or old.created_at <> new.created_at) then
      perform 1 from clients where id = old.client_id for no key update;
      delete from client_latest_records where client_id = old.client_id and record_type = '${type}' and record_id = old.id;
      if found then
        insert into client_latest_records (client_id, record_type, record_id, created_at)
        select client_id, '${type}', id, created_at from "${table}" where client_id = old.client_id
        order by created_at desc, id desc limit 1
        ${KEEP_LATER};
      end if;
    end if;
  end if;
  if tg_op <> 'DELETE' then
    if new.client_id is not null then
      insert into client_latest_records (client_id, record_type, record_id, created_at)
      values (new.client_id, '${type}', new.id, new.created_at)
      ${KEEP_LATER};
    end if;
  end if;
  return null;
end $$;`;

/** Each client's latest record of each type, kept on write (see ClientLatestRecordSchema). */
export class Migration20261124120001 extends Migration {
  override name = 'Migration20261124120001';

  override up(): void | Promise<void> {
    this.addSql(
      'create table "client_latest_records" ("client_id" int not null, "record_type" varchar(8) not null, "record_id" int not null, "created_at" bigint not null, primary key ("client_id", "record_type"));',
    );
    for (const [type, table] of Object.entries(TABLES)) {
      this.addSql(
        `insert into client_latest_records (client_id, record_type, record_id, created_at) ` +
          `select distinct on (client_id) client_id, '${type}', id, created_at from "${table}" ` +
          'where client_id is not null order by client_id, created_at desc, id desc;',
      );
      this.addSql(keepLatest(type, table));
      this.addSql(
        `create trigger ${table}_latest after insert or update of client_id, created_at or delete on "${table}" ` +
          `for each row execute function ${table}_keep_latest_per_client();`,
      );
    }
  }

  override down(): void | Promise<void> {
    for (const table of Object.values(TABLES)) {
      this.addSql(`drop trigger if exists ${table}_latest on "${table}";`);
      this.addSql(`drop function if exists ${table}_keep_latest_per_client();`);
    }
    this.addSql('drop table if exists "client_latest_records" cascade;');
  }
}
