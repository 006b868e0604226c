import { Migration } from '@mikro-orm/migrations';

/** The index's words for one column of a note row (`prefix` names the row in a trigger). */
const words = (prefix: string, column: string) => `search_words(${prefix}${column}, ${prefix}owner_id, null)`;
const COLUMNS = '(rowid, name, description)';
const NEW_ROW = `${COLUMNS} values (new.id, ${words('new.', 'name')}, ${words('new.', 'description')})`;
const EVERY_NOTE = `${COLUMNS} select id, ${words('', 'name')}, ${words('', 'description')} from notes`;

/**
 * Notes searched on a per-user index too, as tasks are (Migration20261124053000): a contentless
 * FTS5 table over each note's name and description, its words owned by the note's owner (notes
 * have no assignee), kept by triggers and filled from the notes there are.
 */
export class Migration20261124055000 extends Migration {
  override name = 'Migration20261124055000';

  override up(): void | Promise<void> {
    this.addSql(
      "create virtual table note_search using fts5(name, description, tokenize = 'ascii', content = '', contentless_delete = 1);",
    );
    this.addSql(
      `create trigger note_search_insert after insert on notes begin insert into note_search ${NEW_ROW}; end;`,
    );
    this.addSql(
      'create trigger note_search_delete after delete on notes begin delete from note_search where rowid = old.id; end;',
    );
    const changed = ['name', 'description', 'owner_id'];
    this.addSql(
      `create trigger note_search_update after update of ${changed.join(', ')} on notes ` +
        `when ${changed.map((column) => `old.${column} is not new.${column}`).join(' or ')} begin ` +
        `delete from note_search where rowid = old.id; insert into note_search ${NEW_ROW}; end;`,
    );
    this.addSql(`insert into note_search ${EVERY_NOTE};`);
  }

  override down(): void | Promise<void> {
    for (const change of ['insert', 'delete', 'update'])
      this.addSql(`drop trigger if exists note_search_${change};`);
    this.addSql('drop table if exists note_search;');
  }
}
