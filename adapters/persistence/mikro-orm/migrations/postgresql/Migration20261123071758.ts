import { Migration } from '@mikro-orm/migrations';

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
    this.addSql(
      'create trigger tasks_counted_insert after insert on "tasks" referencing new table as inserted ' +
        'for each statement execute function count_inserted_owned_rows();',
    );
    this.addSql(
      'create trigger tasks_counted_delete after delete on "tasks" referencing old table as deleted ' +
        'for each statement execute function count_deleted_owned_rows();',
    );
    this.addSql(
      `insert into owner_row_counts (owner_id, table_name, row_count) select owner_id, 'tasks', count(*) from "tasks" group by owner_id;`,
    );
    this.addSql(
      'create trigger notes_counted_insert after insert on "notes" referencing new table as inserted ' +
        'for each statement execute function count_inserted_owned_rows();',
    );
    this.addSql(
      'create trigger notes_counted_delete after delete on "notes" referencing old table as deleted ' +
        'for each statement execute function count_deleted_owned_rows();',
    );
    this.addSql(
      `insert into owner_row_counts (owner_id, table_name, row_count) select owner_id, 'notes', count(*) from "notes" group by owner_id;`,
    );
    this.addSql(
      'create trigger time_records_counted_insert after insert on "time_records" referencing new table as inserted ' +
        'for each statement execute function count_inserted_owned_rows();',
    );
    this.addSql(
      'create trigger time_records_counted_delete after delete on "time_records" referencing old table as deleted ' +
        'for each statement execute function count_deleted_owned_rows();',
    );
    this.addSql(
      `insert into owner_row_counts (owner_id, table_name, row_count) select owner_id, 'time_records', count(*) from "time_records" group by owner_id;`,
    );
    this.addSql(
      'create trigger money_records_counted_insert after insert on "money_records" referencing new table as inserted ' +
        'for each statement execute function count_inserted_owned_rows();',
    );
    this.addSql(
      'create trigger money_records_counted_delete after delete on "money_records" referencing old table as deleted ' +
        'for each statement execute function count_deleted_owned_rows();',
    );
    this.addSql(
      `insert into owner_row_counts (owner_id, table_name, row_count) select owner_id, 'money_records', count(*) from "money_records" group by owner_id;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql('drop trigger if exists tasks_counted_insert on "tasks";');
    this.addSql('drop trigger if exists tasks_counted_delete on "tasks";');
    this.addSql('drop trigger if exists notes_counted_insert on "notes";');
    this.addSql('drop trigger if exists notes_counted_delete on "notes";');
    this.addSql('drop trigger if exists time_records_counted_insert on "time_records";');
    this.addSql('drop trigger if exists time_records_counted_delete on "time_records";');
    this.addSql('drop trigger if exists money_records_counted_insert on "money_records";');
    this.addSql('drop trigger if exists money_records_counted_delete on "money_records";');
    this.addSql('drop function if exists count_inserted_owned_rows();');
    this.addSql('drop function if exists count_deleted_owned_rows();');
    this.addSql(`drop table if exists "owner_row_counts" cascade;`);
  }
}
