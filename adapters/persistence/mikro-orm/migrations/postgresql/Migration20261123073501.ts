import { Migration } from '@mikro-orm/migrations';

/**
 * Text search on an index: each searched table's text, lower-cased, in a `…_search` table kept by
 * triggers, with trigram GIN indexes that serve LIKE (see POSTGRESQL in sql-dialect.ts). pg_trgm
 * ships with PostgreSQL and is a trusted extension (a database owner may create it); where it
 * cannot be created, searches still answer, by reading the search table whole.
 */
export class Migration20261123073501 extends Migration {
  override name = 'Migration20261123073501';

  override up(): void | Promise<void> {
    this.addSql(`do $$ begin
  create extension if not exists pg_trgm;
exception when others then
  raise notice 'pg_trgm is not available: text search runs without an index';
end $$;`);
    this.addSql(`create table tasks_search (id integer primary key, title text, description text);`);
    this.addSql(`create function tasks_search_keep() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    delete from tasks_search where id = old.id;
  else
    insert into tasks_search (id, title, description) values (new.id, lower(new.title), lower(new.description))
      on conflict (id) do update set title = excluded.title, description = excluded.description;
  end if;
  return null;
end $$;`);
    this.addSql(
      'create trigger tasks_search_on_write after insert or delete on "tasks" for each row execute function tasks_search_keep();',
    );
    // Only when the text changed: most updates (a status change) leave it as it was.
    this.addSql(
      'create trigger tasks_search_update after update of title, description on "tasks" for each row ' +
        'when (old.title is distinct from new.title or old.description is distinct from new.description) execute function tasks_search_keep();',
    );
    this.addSql(
      `insert into tasks_search (id, title, description) select id, lower(title), lower(description) from "tasks";`,
    );
    this.addSql(`do $$ begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    create index tasks_search_title on tasks_search using gin (title gin_trgm_ops);
    create index tasks_search_description on tasks_search using gin (description gin_trgm_ops);
  end if;
end $$;`);

    this.addSql(`create table notes_search (id integer primary key, name text, description text);`);
    this.addSql(`create function notes_search_keep() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    delete from notes_search where id = old.id;
  else
    insert into notes_search (id, name, description) values (new.id, lower(new.name), lower(new.description))
      on conflict (id) do update set name = excluded.name, description = excluded.description;
  end if;
  return null;
end $$;`);
    this.addSql(
      'create trigger notes_search_on_write after insert or delete on "notes" for each row execute function notes_search_keep();',
    );
    // Only when the text changed: most updates (a status change) leave it as it was.
    this.addSql(
      'create trigger notes_search_update after update of name, description on "notes" for each row ' +
        'when (old.name is distinct from new.name or old.description is distinct from new.description) execute function notes_search_keep();',
    );
    this.addSql(
      `insert into notes_search (id, name, description) select id, lower(name), lower(description) from "notes";`,
    );
    this.addSql(`do $$ begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    create index notes_search_name on notes_search using gin (name gin_trgm_ops);
    create index notes_search_description on notes_search using gin (description gin_trgm_ops);
  end if;
end $$;`);
  }

  override down(): void | Promise<void> {
    for (const table of ['tasks', 'notes']) {
      this.addSql(`drop trigger if exists ${table}_search_on_write on "${table}";`);
      this.addSql(`drop trigger if exists ${table}_search_update on "${table}";`);
      this.addSql(`drop function if exists ${table}_search_keep();`);
      this.addSql(`drop table if exists ${table}_search;`);
    }
  }
}
