import { Migration } from '@mikro-orm/migrations';

/** The searched tables and their text columns. */
const SEARCHED = { tasks: ['title', 'description'], notes: ['name', 'description'] } as const;

/**
 * Text search on an index: a trigram FTS5 table over each searched table's text, kept by triggers.
 * A search reads its candidates from it and checks them exactly (see SQLITE in sql-dialect.ts).
 */
export class Migration20261123073500 extends Migration {
  override name = 'Migration20261123073500';

  override up(): void | Promise<void> {
    for (const [table, columns] of Object.entries(SEARCHED)) {
      const search = `${table}_search`;
      const list = columns.join(', ');
      const values = (row: 'new' | 'old') => columns.map((column) => `${row}.${column}`).join(', ');
      const forget = `insert into ${search} (${search}, rowid, ${list}) values ('delete', old.id, ${values('old')});`;
      const index = `insert into ${search} (rowid, ${list}) values (new.id, ${values('new')});`;
      const changed = columns.map((column) => `old.${column} is not new.${column}`).join(' or ');
      this.addSql(
        `create virtual table ${search} using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram');`,
      );
      this.addSql(`create trigger ${search}_insert after insert on ${table} begin ${index} end;`);
      this.addSql(`create trigger ${search}_delete after delete on ${table} begin ${forget} end;`);
      // Only when the text changed: most updates (a status change) leave it as it was.
      this.addSql(
        `create trigger ${search}_update after update of ${list} on ${table} when ${changed} begin ${forget} ${index} end;`,
      );
      this.addSql(`insert into ${search} (${search}) values ('rebuild');`);
    }
  }

  override down(): void | Promise<void> {
    for (const table of Object.keys(SEARCHED)) {
      for (const change of ['insert', 'delete', 'update'])
        this.addSql(`drop trigger if exists ${table}_search_${change};`);
      this.addSql(`drop table if exists ${table}_search;`);
    }
  }
}
