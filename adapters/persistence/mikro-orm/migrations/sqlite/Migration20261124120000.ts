import { Migration } from '@mikro-orm/migrations';

/** The record tables whose latest row per client is kept (LATEST_RECORD_TABLES, as they were when this ran). */
const TABLES = { task: 'tasks', note: 'notes', time: 'time_records', money: 'money_records' } as const;

/** Makes `record` (`new`) the client's latest of `type` unless a later one, by (created_at, id), already is. */
const offer = (type: string, record: string) =>
  'insert into client_latest_records (client_id, record_type, record_id, created_at) ' +
  `values (${record}.client_id, '${type}', ${record}.id, ${record}.created_at) ` +
  'on conflict (client_id, record_type) do update set record_id = excluded.record_id, created_at = excluded.created_at ' +
  'where (excluded.created_at, excluded.record_id) > (client_latest_records.created_at, client_latest_records.record_id);';

/** The client's latest of `type` found again among its records, after its latest one left (`old`). */
const refind = (type: string, table: string) =>
  `delete from client_latest_records where client_id = old.client_id and record_type = '${type}' and record_id = old.id; ` +
  'insert or ignore into client_latest_records (client_id, record_type, record_id, created_at) ' +
  `select client_id, '${type}', id, created_at from ${table} where client_id = old.client_id ` +
  'order by created_at desc, id desc limit 1;';

/** Each client's latest record of each type, kept on write (see ClientLatestRecordSchema). */
export class Migration20261124120000 extends Migration {
  override name = 'Migration20261124120000';

  override up(): void | Promise<void> {
    this.addSql(
      'create table `client_latest_records` (`client_id` integer not null, `record_type` text not null, `record_id` integer not null, `created_at` bigint not null, primary key (`client_id`, `record_type`));',
    );
    for (const [type, table] of Object.entries(TABLES)) {
      this.addSql(
        'insert into client_latest_records (client_id, record_type, record_id, created_at) ' +
          `select client_id, '${type}', id, created_at from (select client_id, id, created_at, ` +
          'row_number() over (partition by client_id order by created_at desc, id desc) as place ' +
          `from ${table} where client_id is not null) where place = 1;`,
      );
      this.addSql(
        `create trigger ${table}_latest_insert after insert on ${table} when new.client_id is not null ` +
          `begin ${offer(type, 'new')} end;`,
      );
      // Only a row that was its client's latest can leave a gap; a row moved in is offered to its new client.
      const wasLatest =
        `exists (select 1 from client_latest_records where client_id = old.client_id ` +
        `and record_type = '${type}' and record_id = old.id)`;
      this.addSql(
        `create trigger ${table}_latest_update after update of client_id, created_at on ${table} ` +
          'when old.client_id is not new.client_id or old.created_at is not new.created_at ' +
          `begin ${refind(type, table)} ` +
          `insert into client_latest_records (client_id, record_type, record_id, created_at) ` +
          `select new.client_id, '${type}', new.id, new.created_at where new.client_id is not null ` +
          'on conflict (client_id, record_type) do update set record_id = excluded.record_id, created_at = excluded.created_at ' +
          'where (excluded.created_at, excluded.record_id) > (client_latest_records.created_at, client_latest_records.record_id); end;',
      );
      this.addSql(
        `create trigger ${table}_latest_delete after delete on ${table} when ${wasLatest} ` +
          `begin ${refind(type, table)} end;`,
      );
    }
  }

  override down(): void | Promise<void> {
    for (const table of Object.values(TABLES))
      for (const change of ['insert', 'update', 'delete'])
        this.addSql(`drop trigger if exists ${table}_latest_${change};`);
    this.addSql('drop table if exists `client_latest_records`;');
  }
}
