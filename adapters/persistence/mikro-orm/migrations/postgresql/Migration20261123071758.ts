import { Migration } from '@mikro-orm/migrations';

/** The tables whose rows are counted per owner (COUNTED_TABLES, as they were when this ran). */
const COUNTED = ['tasks', 'notes', 'time_records', 'money_records'] as const;

export class Migration20261123071758 extends Migration {
  override name = 'Migration20261123071758';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "owner_row_counts" ("owner_id" int not null, "table_name" varchar(32) not null, "row_count" int not null, primary key ("owner_id", "table_name"));`,
    );
    // Each owner's row count per table, kept by statement-level triggers that see every inserted
    // or deleted row at once (see OwnerRowCountSchema).
    this.addSql(`create function count_inserted_owned_rows() returns trigger language plpgsql as $$
begin
  insert into owner_row_counts (owner_id, table_name, row_count)
    select owner_id, tg_table_name, count(*) from inserted group by owner_id
    on conflict (owner_id, table_name) do update set row_count = owner_row_counts.row_count + excluded.row_count;
  return null;
end $$;`);
    this.addSql(`create function count_deleted_owned_rows() returns trigger language plpgsql as $$
begin
  update owner_row_counts c set row_count = c.row_count - d.removed
    from (select owner_id, count(*) as removed from deleted group by owner_id) d
    where c.owner_id = d.owner_id and c.table_name = tg_table_name;
  return null;
end $$;`);
    for (const table of COUNTED) {
      this.addSql(
        `create trigger ${table}_counted_insert after insert on "${table}" referencing new table as inserted ` +
          'for each statement execute function count_inserted_owned_rows();',
      );
      this.addSql(
        `create trigger ${table}_counted_delete after delete on "${table}" referencing old table as deleted ` +
          'for each statement execute function count_deleted_owned_rows();',
      );
      this.addSql(
        `insert into owner_row_counts (owner_id, table_name, row_count) select owner_id, '${table}', count(*) from "${table}" group by owner_id;`,
      );
    }
  }

  override down(): void | Promise<void> {
    for (const table of COUNTED) {
      this.addSql(`drop trigger if exists ${table}_counted_insert on "${table}";`);
      this.addSql(`drop trigger if exists ${table}_counted_delete on "${table}";`);
    }
    this.addSql('drop function if exists count_inserted_owned_rows();');
    this.addSql('drop function if exists count_deleted_owned_rows();');
    this.addSql(`drop table if exists "owner_row_counts" cascade;`);
  }
}
