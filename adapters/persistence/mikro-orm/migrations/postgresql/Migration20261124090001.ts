import { Migration } from '@mikro-orm/migrations';

/** The users who see the tasks of a transition table: their owners and assignees. */
const seers = (rows: string) => `select owner_id from ${rows} union select assignee_id from ${rows}`;

/**
 * Raises the version of the tasks each of `users` sees (see VisibleRowVersionSchema), in user order,
 * so that two statements writing tasks of the same users lock their versions in the same order.
 */
const bump = (users: string) =>
  `insert into visible_row_versions (user_id, table_name, version) ` +
  `select user_id, 'tasks', 1 from (${users}) seers (user_id) where user_id is not null order by user_id ` +
  'on conflict (user_id, table_name) do update set version = visible_row_versions.version + 1;';

/** Each user's version of the tasks they see, raised by every write to one of them. */
export class Migration20261124090001 extends Migration {
  override name = 'Migration20261124090001';

  override up(): void | Promise<void> {
    this.addSql(
      'create table "visible_row_versions" ("user_id" int not null, "table_name" varchar(32) not null, "version" bigint not null, primary key ("user_id", "table_name"));',
    );
    // Statement-level triggers see every written row at once; a transition table exists only for
    // the operations that have it, so each branch names its own.
    this.addSql(`create function bump_visible_task_versions() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${bump(seers('new_rows'))}
  elsif tg_op = 'UPDATE' then
    ${bump(`${seers('old_rows')} union ${seers('new_rows')}`)}
  else
    ${bump(seers('old_rows'))}
  end if;
  return null;
end $$;`);
    const tables = {
      insert: 'new table as new_rows',
      update: 'old table as old_rows new table as new_rows',
      delete: 'old table as old_rows',
    };
    for (const [change, transition] of Object.entries(tables))
      this.addSql(
        `create trigger tasks_visible_${change} after ${change} on "tasks" referencing ${transition} ` +
          'for each statement execute function bump_visible_task_versions();',
      );
  }

  override down(): void | Promise<void> {
    for (const change of ['insert', 'update', 'delete'])
      this.addSql(`drop trigger if exists tasks_visible_${change} on "tasks";`);
    this.addSql('drop function if exists bump_visible_task_versions();');
    this.addSql('drop table if exists "visible_row_versions" cascade;');
  }
}
