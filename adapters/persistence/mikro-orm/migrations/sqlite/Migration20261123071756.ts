import { Migration } from '@mikro-orm/migrations';

export class Migration20261123071756 extends Migration {
  override name = 'Migration20261123071756';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`owner_row_counts\` (\`owner_id\` integer not null, \`table_name\` text not null, \`row_count\` integer not null, primary key (\`owner_id\`, \`table_name\`));`,
    );
    // Each owner's row count per table, kept by triggers (see OwnerRowCountSchema).
    this.addSql(
      'create trigger tasks_counted_insert after insert on tasks begin ' +
        "insert into owner_row_counts (owner_id, table_name, row_count) values (new.owner_id, 'tasks', 1) " +
        'on conflict (owner_id, table_name) do update set row_count = row_count + 1; end;',
    );
    this.addSql(
      'create trigger tasks_counted_delete after delete on tasks begin ' +
        "update owner_row_counts set row_count = row_count - 1 where owner_id = old.owner_id and table_name = 'tasks'; end;",
    );
    this.addSql(
      "insert into owner_row_counts (owner_id, table_name, row_count) select owner_id, 'tasks', count(*) from tasks group by owner_id;",
    );
    this.addSql(
      'create trigger notes_counted_insert after insert on notes begin ' +
        "insert into owner_row_counts (owner_id, table_name, row_count) values (new.owner_id, 'notes', 1) " +
        'on conflict (owner_id, table_name) do update set row_count = row_count + 1; end;',
    );
    this.addSql(
      'create trigger notes_counted_delete after delete on notes begin ' +
        "update owner_row_counts set row_count = row_count - 1 where owner_id = old.owner_id and table_name = 'notes'; end;",
    );
    this.addSql(
      "insert into owner_row_counts (owner_id, table_name, row_count) select owner_id, 'notes', count(*) from notes group by owner_id;",
    );
    this.addSql(
      'create trigger time_records_counted_insert after insert on time_records begin ' +
        "insert into owner_row_counts (owner_id, table_name, row_count) values (new.owner_id, 'time_records', 1) " +
        'on conflict (owner_id, table_name) do update set row_count = row_count + 1; end;',
    );
    this.addSql(
      'create trigger time_records_counted_delete after delete on time_records begin ' +
        "update owner_row_counts set row_count = row_count - 1 where owner_id = old.owner_id and table_name = 'time_records'; end;",
    );
    this.addSql(
      "insert into owner_row_counts (owner_id, table_name, row_count) select owner_id, 'time_records', count(*) from time_records group by owner_id;",
    );
    this.addSql(
      'create trigger money_records_counted_insert after insert on money_records begin ' +
        "insert into owner_row_counts (owner_id, table_name, row_count) values (new.owner_id, 'money_records', 1) " +
        'on conflict (owner_id, table_name) do update set row_count = row_count + 1; end;',
    );
    this.addSql(
      'create trigger money_records_counted_delete after delete on money_records begin ' +
        "update owner_row_counts set row_count = row_count - 1 where owner_id = old.owner_id and table_name = 'money_records'; end;",
    );
    this.addSql(
      "insert into owner_row_counts (owner_id, table_name, row_count) select owner_id, 'money_records', count(*) from money_records group by owner_id;",
    );
  }

  override down(): void | Promise<void> {
    this.addSql('drop trigger if exists tasks_counted_insert;');
    this.addSql('drop trigger if exists tasks_counted_delete;');
    this.addSql('drop trigger if exists notes_counted_insert;');
    this.addSql('drop trigger if exists notes_counted_delete;');
    this.addSql('drop trigger if exists time_records_counted_insert;');
    this.addSql('drop trigger if exists time_records_counted_delete;');
    this.addSql('drop trigger if exists money_records_counted_insert;');
    this.addSql('drop trigger if exists money_records_counted_delete;');
    this.addSql(`drop table if exists \`owner_row_counts\`;`);
  }
}
