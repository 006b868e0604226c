import { Migration } from '@mikro-orm/migrations';

/**
 * Text search on an index: a trigram FTS5 table over each searched table's text, kept by triggers.
 * A search reads its candidates from it and checks them exactly (see SQLITE in sql-dialect.ts).
 */
export class Migration20261123073500 extends Migration {
  override name = 'Migration20261123073500';

  override up(): void | Promise<void> {
    this.addSql(
      "create virtual table tasks_search using fts5(title, description, content='tasks', content_rowid='id', tokenize='trigram');",
    );
    this.addSql(
      'create trigger tasks_search_insert after insert on tasks begin ' +
        'insert into tasks_search (rowid, title, description) values (new.id, new.title, new.description); end;',
    );
    this.addSql(
      'create trigger tasks_search_delete after delete on tasks begin ' +
        "insert into tasks_search (tasks_search, rowid, title, description) values ('delete', old.id, old.title, old.description); end;",
    );
    // Only when the text changed: most updates (a status change) leave it as it was.
    this.addSql(
      'create trigger tasks_search_update after update of title, description on tasks ' +
        'when old.title is not new.title or old.description is not new.description begin ' +
        "insert into tasks_search (tasks_search, rowid, title, description) values ('delete', old.id, old.title, old.description); " +
        'insert into tasks_search (rowid, title, description) values (new.id, new.title, new.description); end;',
    );
    this.addSql("insert into tasks_search (tasks_search) values ('rebuild');");

    this.addSql(
      "create virtual table notes_search using fts5(name, description, content='notes', content_rowid='id', tokenize='trigram');",
    );
    this.addSql(
      'create trigger notes_search_insert after insert on notes begin ' +
        'insert into notes_search (rowid, name, description) values (new.id, new.name, new.description); end;',
    );
    this.addSql(
      'create trigger notes_search_delete after delete on notes begin ' +
        "insert into notes_search (notes_search, rowid, name, description) values ('delete', old.id, old.name, old.description); end;",
    );
    // Only when the text changed: most updates (a status change) leave it as it was.
    this.addSql(
      'create trigger notes_search_update after update of name, description on notes ' +
        'when old.name is not new.name or old.description is not new.description begin ' +
        "insert into notes_search (notes_search, rowid, name, description) values ('delete', old.id, old.name, old.description); " +
        'insert into notes_search (rowid, name, description) values (new.id, new.name, new.description); end;',
    );
    this.addSql("insert into notes_search (notes_search) values ('rebuild');");
  }

  override down(): void | Promise<void> {
    for (const table of ['tasks', 'notes']) {
      for (const change of ['insert', 'delete', 'update'])
        this.addSql(`drop trigger if exists ${table}_search_${change};`);
      this.addSql(`drop table if exists ${table}_search;`);
    }
  }
}
