import { Migration } from '@mikro-orm/migrations';

/** The tables whose rows' versions are kept per user (VERSIONED_TABLES, as they were when this ran). */
const VERSIONED = ['tasks', 'notes', 'time_records', 'money_records'] as const;

/** The users who see the tasks of a transition table: their owners and assignees. */
const taskSeers = (rows: string) => `select owner_id from ${rows} union select assignee_id from ${rows}`;

/**
 * Raises the version of the rows each of `users` sees (see VisibleRowVersionSchema), in user order,
 * so that two statements writing rows of the same users lock their versions in the same order.
 */
const bump = (users: string) =>
  `insert into visible_row_versions (user_id, table_name, version) ` +
  `select user_id, tg_table_name, 1 from (${users}) seers (user_id) where user_id is not null order by user_id ` +
  'on conflict (user_id, table_name) do update set version = visible_row_versions.version + 1;';

/** Each user's version of the rows they see, per table, raised by every write to one of them. */
export class Migration20261124090001 extends Migration {
  override name = 'Migration20261124090001';

  override up(): void | Promise<void> {
    this.addSql(
      'create table "visible_row_versions" ("user_id" int not null, "table_name" varchar(32) not null, "version" bigint not null, primary key ("user_id", "table_name"));',
    );
    // Statement-level triggers see every written row at once; a transition table exists only for
    // the operations that have it, so each branch names its own. Only tasks have an assignee, read
    // in their branch alone (PL/pgSQL plans a statement when it first runs it, per table).
    this.addSql(`create function bump_visible_row_versions() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'tasks' then
    if tg_op = 'INSERT' then
      ${bump(taskSeers('new_rows'))}
    elsif tg_op = 'UPDATE' then
      ${bump(`${taskSeers('old_rows')} union ${taskSeers('new_rows')}`)}
    else
      ${bump(taskSeers('old_rows'))}
    end if;
  elsif tg_op = 'INSERT' then
    ${bump('select distinct owner_id from new_rows')}
  elsif tg_op = 'UPDATE' then
    ${bump('select owner_id from old_rows union select owner_id from new_rows')}
  else
    ${bump('select distinct owner_id from old_rows')}
  end if;
  return null;
end $$;`);
    const transitions = {
      insert: 'new table as new_rows',
      update: 'old table as old_rows new table as new_rows',
      delete: 'old table as old_rows',
    };
    for (const table of VERSIONED)
      for (const [change, transition] of Object.entries(transitions))
        this.addSql(
          `create trigger ${table}_visible_${change} after ${change} on "${table}" referencing ${transition} ` +
            'for each statement execute function bump_visible_row_versions();',
        );
  }

  override down(): void | Promise<void> {
    for (const table of VERSIONED)
      for (const change of ['insert', 'update', 'delete'])
        this.addSql(`drop trigger if exists ${table}_visible_${change} on "${table}";`);
    this.addSql('drop function if exists bump_visible_row_versions();');
    this.addSql('drop table if exists "visible_row_versions" cascade;');
  }
}
