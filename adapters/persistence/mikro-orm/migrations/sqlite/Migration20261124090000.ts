import { Migration } from '@mikro-orm/migrations';

/** The users who see a task as it is (`new`) or was (`old`): its owner and its assignee. */
const seers = (row: 'new' | 'old') => `select ${row}.owner_id as user_id union select ${row}.assignee_id`;

/** Raises the version of the tasks each of `users` sees (see VisibleRowVersionSchema). */
const bump = (users: string) =>
  `insert into visible_row_versions (user_id, table_name, version) ` +
  `select user_id, 'tasks', 1 from (${users}) where user_id is not null ` +
  'on conflict (user_id, table_name) do update set version = version + 1;';

/** Each user's version of the tasks they see, raised by every write to one of them. */
export class Migration20261124090000 extends Migration {
  override name = 'Migration20261124090000';

  override up(): void | Promise<void> {
    this.addSql(
      'create table `visible_row_versions` (`user_id` integer not null, `table_name` text not null, `version` integer not null, primary key (`user_id`, `table_name`));',
    );
    this.addSql(`create trigger tasks_visible_insert after insert on tasks begin ${bump(seers('new'))} end;`);
    this.addSql(
      `create trigger tasks_visible_update after update on tasks begin ${bump(`${seers('old')} union ${seers('new')}`)} end;`,
    );
    this.addSql(`create trigger tasks_visible_delete after delete on tasks begin ${bump(seers('old'))} end;`);
  }

  override down(): void | Promise<void> {
    for (const change of ['insert', 'update', 'delete'])
      this.addSql(`drop trigger if exists tasks_visible_${change};`);
    this.addSql('drop table if exists `visible_row_versions`;');
  }
}
