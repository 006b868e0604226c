import { Migration } from '@mikro-orm/migrations';

/** The index's words for one column of a task row (`prefix` names the row in a trigger). */
const words = (prefix: string, column: string) =>
  `search_words(${prefix}${column}, ${prefix}owner_id, ${prefix}assignee_id)`;
const COLUMNS = '(rowid, title, description)';
const NEW_ROW = `${COLUMNS} values (new.id, ${words('new.', 'title')}, ${words('new.', 'description')})`;
const EVERY_TASK = `${COLUMNS} select id, ${words('', 'title')}, ${words('', 'description')} from tasks`;

/**
 * Search on an index whose words belong to one user (see search-tokens.ts): a contentless FTS5
 * table over the tasks' title and description, kept by triggers (calling `search_words`, which
 * every connection registers: sqlite-connection.ts) and filled from the tasks there are. It answers a search's page and count from the caller's own entries alone; the trigram index
 * tried before (Migration20261123073500) held shared words, whose matches across every owner each
 * search had to read.
 */
export class Migration20261124053000 extends Migration {
  override name = 'Migration20261124053000';

  override up(): void | Promise<void> {
    this.addSql(
      "create virtual table task_search using fts5(title, description, tokenize = 'ascii', content = '', contentless_delete = 1);",
    );
    this.addSql(
      `create trigger task_search_insert after insert on tasks begin insert into task_search ${NEW_ROW}; end;`,
    );
    this.addSql(
      'create trigger task_search_delete after delete on tasks begin delete from task_search where rowid = old.id; end;',
    );
    // Only when what the index holds changed: a status change leaves it as it was.
    const changed = ['title', 'description', 'owner_id', 'assignee_id'];
    this.addSql(
      `create trigger task_search_update after update of ${changed.join(', ')} on tasks ` +
        `when ${changed.map((column) => `old.${column} is not new.${column}`).join(' or ')} begin ` +
        `delete from task_search where rowid = old.id; insert into task_search ${NEW_ROW}; end;`,
    );
    this.addSql(`insert into task_search ${EVERY_TASK};`);
  }

  override down(): void | Promise<void> {
    for (const change of ['insert', 'delete', 'update'])
      this.addSql(`drop trigger if exists task_search_${change};`);
    this.addSql('drop table if exists task_search;');
  }
}
