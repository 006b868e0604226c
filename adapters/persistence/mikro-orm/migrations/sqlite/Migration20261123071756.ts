import { Migration } from '@mikro-orm/migrations';

/** The tables whose rows are counted per owner (COUNTED_TABLES, as they were when this ran). */
const COUNTED = ['tasks', 'notes', 'time_records', 'money_records'] as const;

export class Migration20261123071756 extends Migration {
  override name = 'Migration20261123071756';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`owner_row_counts\` (\`owner_id\` integer not null, \`table_name\` text not null, \`row_count\` integer not null, primary key (\`owner_id\`, \`table_name\`));`,
    );
    // Each owner's row count per table, kept by triggers (see OwnerRowCountSchema).
    for (const table of COUNTED) {
      this.addSql(
        `create trigger ${table}_counted_insert after insert on ${table} begin ` +
          `insert into owner_row_counts (owner_id, table_name, row_count) values (new.owner_id, '${table}', 1) ` +
          'on conflict (owner_id, table_name) do update set row_count = row_count + 1; end;',
      );
      this.addSql(
        `create trigger ${table}_counted_delete after delete on ${table} begin ` +
          `update owner_row_counts set row_count = row_count - 1 where owner_id = old.owner_id and table_name = '${table}'; end;`,
      );
      this.addSql(
        `insert into owner_row_counts (owner_id, table_name, row_count) select owner_id, '${table}', count(*) from ${table} group by owner_id;`,
      );
    }
  }

  override down(): void | Promise<void> {
    for (const table of COUNTED) {
      this.addSql(`drop trigger if exists ${table}_counted_insert;`);
      this.addSql(`drop trigger if exists ${table}_counted_delete;`);
    }
    this.addSql(`drop table if exists \`owner_row_counts\`;`);
  }
}
