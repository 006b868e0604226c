import { Migration } from '@mikro-orm/migrations';

/**
 * Text search on an index: a trigram FTS5 table over each searched table's text, kept by triggers.
 * Its rowid is (owner << 32 | id): an owner's rows are one rowid range, which FTS5 seeks to in
 * every posting list, so a search reads that owner's matches only, however many others there are.
 * A search reads its candidates from it and checks them exactly (see SQLITE in sql-dialect.ts).
 */
export class Migration20261123073500 extends Migration {
  override name = 'Migration20261123073500';

  override up(): void | Promise<void> {
    this.addSql(
      "create virtual table tasks_search using fts5(title, description, content='', contentless_delete=1, tokenize='trigram');",
    );
    this.addSql(
      'create trigger tasks_search_insert after insert on tasks begin ' +
        'insert into tasks_search (rowid, title, description) values ((new.owner_id << 32) | new.id, new.title, new.description); end;',
    );
    this.addSql(
      'create trigger tasks_search_delete after delete on tasks begin ' +
        'delete from tasks_search where rowid = (old.owner_id << 32) | old.id; end;',
    );
    // Only when the text changed: most updates (a status change) leave it as it was.
    this.addSql(
      'create trigger tasks_search_update after update of title, description on tasks ' +
        'when old.title is not new.title or old.description is not new.description begin ' +
        'delete from tasks_search where rowid = (old.owner_id << 32) | old.id; ' +
        'insert into tasks_search (rowid, title, description) values ((new.owner_id << 32) | new.id, new.title, new.description); end;',
    );
    this.addSql(
      'insert into tasks_search (rowid, title, description) select (owner_id << 32) | id, title, description from tasks;',
    );

    this.addSql(
      "create virtual table notes_search using fts5(name, description, content='', contentless_delete=1, tokenize='trigram');",
    );
    this.addSql(
      'create trigger notes_search_insert after insert on notes begin ' +
        'insert into notes_search (rowid, name, description) values ((new.owner_id << 32) | new.id, new.name, new.description); end;',
    );
    this.addSql(
      'create trigger notes_search_delete after delete on notes begin ' +
        'delete from notes_search where rowid = (old.owner_id << 32) | old.id; end;',
    );
    // Only when the text changed: most updates (a status change) leave it as it was.
    this.addSql(
      'create trigger notes_search_update after update of name, description on notes ' +
        'when old.name is not new.name or old.description is not new.description begin ' +
        'delete from notes_search where rowid = (old.owner_id << 32) | old.id; ' +
        'insert into notes_search (rowid, name, description) values ((new.owner_id << 32) | new.id, new.name, new.description); end;',
    );
    this.addSql(
      'insert into notes_search (rowid, name, description) select (owner_id << 32) | id, name, description from notes;',
    );
  }

  override down(): void | Promise<void> {
    for (const table of ['tasks', 'notes']) {
      for (const change of ['insert', 'delete', 'update'])
        this.addSql(`drop trigger if exists ${table}_search_${change};`);
      this.addSql(`drop table if exists ${table}_search;`);
    }
  }
}
