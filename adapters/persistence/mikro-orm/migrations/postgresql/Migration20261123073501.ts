import { Migration } from '@mikro-orm/migrations';

/** The searched tables and their text columns. */
const SEARCHED = { tasks: ['title', 'description'], notes: ['name', 'description'] } as const;

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
    for (const [table, columns] of Object.entries(SEARCHED)) {
      const search = `${table}_search`;
      const list = columns.join(', ');
      const lowered = (prefix: string) => columns.map((column) => `lower(${prefix}${column})`).join(', ');
      this.addSql(
        `create table ${search} (id integer primary key, ${columns.map((c) => `${c} text`).join(', ')});`,
      );
      this.addSql(`create function ${search}_keep() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    delete from ${search} where id = old.id;
  else
    insert into ${search} (id, ${list}) values (new.id, ${lowered('new.')})
      on conflict (id) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')};
  end if;
  return null;
end $$;`);
      this.addSql(
        `create trigger ${search}_on_write after insert or delete on "${table}" for each row execute function ${search}_keep();`,
      );
      // Only when the text changed: most updates (a status change) leave it as it was.
      const changed = columns.map((column) => `old.${column} is distinct from new.${column}`).join(' or ');
      this.addSql(
        `create trigger ${search}_update after update of ${list} on "${table}" for each row when (${changed}) execute function ${search}_keep();`,
      );
      this.addSql(`insert into ${search} (id, ${list}) select id, ${lowered('')} from "${table}";`);
      const indexes = columns.map(
        (c) => `create index ${search}_${c} on ${search} using gin (${c} gin_trgm_ops);`,
      );
      this.addSql(`do $$ begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    ${indexes.join('\n    ')}
  end if;
end $$;`);
    }
  }

  override down(): void | Promise<void> {
    for (const table of Object.keys(SEARCHED)) {
      this.addSql(`drop trigger if exists ${table}_search_on_write on "${table}";`);
      this.addSql(`drop trigger if exists ${table}_search_update on "${table}";`);
      this.addSql(`drop function if exists ${table}_search_keep();`);
      this.addSql(`drop table if exists ${table}_search;`);
    }
  }
}
