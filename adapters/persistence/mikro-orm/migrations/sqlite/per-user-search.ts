/** One table's per-user search index (search-tokens.ts): an FTS5 table over two text columns. */
export interface PerUserSearch {
  /** The FTS5 table, e.g. `task_search`. */
  readonly index: string;
  /** The indexed table, e.g. `tasks`. */
  readonly table: string;
  readonly columns: readonly [string, string];
  /** The column naming another user who sees the row (a task's assignee), if the table has one. */
  readonly sharedWith: string | null;
}

/**
 * The statements that make the index: a contentless FTS5 table (rows deleted by rowid), triggers
 * that keep it as rows come, change and go (calling `search_words`, which every connection
 * registers: sqlite-connection.ts), and its filling from the rows already there.
 */
export const perUserSearchUp = ({ index, table, columns, sharedWith }: PerUserSearch): string[] => {
  const words = (prefix: string, column: string) =>
    `search_words(${prefix}${column}, ${prefix}owner_id, ${sharedWith === null ? 'null' : `${prefix}${sharedWith}`})`;
  const into = `(rowid, ${columns.join(', ')})`;
  const newRow = `${into} values (new.id, ${columns.map((column) => words('new.', column)).join(', ')})`;
  const everyRow = `${into} select id, ${columns.map((column) => words('', column)).join(', ')} from ${table}`;
  // Only when what the index holds changed: a status change leaves it as it was.
  const changed = [...columns, 'owner_id', ...(sharedWith === null ? [] : [sharedWith])];
  return [
    `create virtual table ${index} using fts5(${columns.join(', ')}, tokenize = 'ascii', content = '', contentless_delete = 1);`,
    `create trigger ${index}_insert after insert on ${table} begin insert into ${index} ${newRow}; end;`,
    `create trigger ${index}_delete after delete on ${table} begin delete from ${index} where rowid = old.id; end;`,
    `create trigger ${index}_update after update of ${changed.join(', ')} on ${table} ` +
      `when ${changed.map((column) => `old.${column} is not new.${column}`).join(' or ')} begin ` +
      `delete from ${index} where rowid = old.id; insert into ${index} ${newRow}; end;`,
    `insert into ${index} ${everyRow};`,
  ];
};

export const perUserSearchDown = ({ index }: PerUserSearch): string[] => [
  ...['insert', 'delete', 'update'].map((change) => `drop trigger if exists ${index}_${change};`),
  `drop table if exists ${index};`,
];
