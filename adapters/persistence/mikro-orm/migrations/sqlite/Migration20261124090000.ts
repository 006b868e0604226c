import { Migration } from '@mikro-orm/migrations';

/** The tables whose rows' versions are kept per user (VERSIONED_TABLES, as they were when this ran). */
const VERSIONED = ['tasks', 'notes', 'time_records', 'money_records'] as const;

/** The users who see a row as it is (`new`) or was (`old`): its owner, and a task's assignee. */
const seers = (table: string, row: 'new' | 'old') =>
  table === 'tasks'
    ? `select ${row}.owner_id as user_id union select ${row}.assignee_id`
    : `select ${row}.owner_id as user_id`;

/** Raises the version of the rows of `table` each of `users` sees (see VisibleRowVersionSchema). */
const bump = (table: string, users: string) =>
  `insert into visible_row_versions (user_id, table_name, version) ` +
  `select user_id, '${table}', 1 from (${users}) where user_id is not null ` +
  'on conflict (user_id, table_name) do update set version = version + 1;';

/** Each user's version of the rows they see, per table, raised by every write to one of them. */
export class Migration20261124090000 extends Migration {
  override name = 'Migration20261124090000';

  override up(): void | Promise<void> {
    this.addSql(
      'create table `visible_row_versions` (`user_id` integer not null, `table_name` text not null, `version` integer not null, primary key (`user_id`, `table_name`));',
    );
    for (const table of VERSIONED) {
      const users = {
        insert: seers(table, 'new'),
        update: `${seers(table, 'old')} union ${seers(table, 'new')}`,
        delete: seers(table, 'old'),
      };
      for (const [change, seen] of Object.entries(users))
        this.addSql(
          `create trigger ${table}_visible_${change} after ${change} on ${table} begin ${bump(table, seen)} end;`,
        );
    }
  }

  override down(): void | Promise<void> {
    for (const table of VERSIONED)
      for (const change of ['insert', 'update', 'delete'])
        this.addSql(`drop trigger if exists ${table}_visible_${change};`);
    this.addSql('drop table if exists `visible_row_versions`;');
  }
}
