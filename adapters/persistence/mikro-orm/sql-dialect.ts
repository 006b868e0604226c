import type { SqlValue } from './read/sql-runner.js';

/** The tables with a text search index (see the search migrations). */
export type SearchedTable = 'tasks' | 'notes';

/** A condition on a row alias, and its parameters in order. */
export interface Condition {
  readonly sql: string;
  readonly params: readonly SqlValue[];
}

/** What differs between the two SQL databases, in one place. */
export interface SqlDialect {
  readonly kind: 'sqlite' | 'postgresql';
  /** Whether SELECT ... FOR UPDATE exists (SQLite serialises writers instead). */
  readonly rowLocks: boolean;
  /**
   * Rows (`alias`, a row of `table`) where one of `columns` contains `term`, case-insensitively,
   * with `%`, `_` and `\` literal, found through the table's search index where it can be.
   */
  textSearch(table: SearchedTable, alias: string, columns: readonly string[], term: string): Condition;
}

/** A trigram index cannot look up fewer than three characters. */
const TRIGRAM = 3;

/** `term` as one FTS5 string: every character literal, quotes doubled. */
const ftsString = (term: string) => `"${term.replaceAll('"', '""')}"`;

export const SQLITE: SqlDialect = {
  kind: 'sqlite',
  rowLocks: false,
  textSearch: (table, alias, columns, term) => {
    const lowered = term.toLowerCase();
    // unicode_lower is registered on the connection: SQLite's own lower() only folds ASCII.
    const exact = {
      sql: `(${columns.map((column) => `instr(unicode_lower(${alias}.${column}), ?) > 0`).join(' or ')})`,
      params: columns.map(() => lowered),
    };
    if ([...term].length < TRIGRAM) return exact;
    // The trigram index (which folds case itself) finds the candidates; the exact test decides.
    // It covers every owner's rows, so its cost follows the matches in the whole table (restricting
    // FTS5 to an owner's rowid range was tried: it still reads each trigram's whole posting list).
    return {
      sql: `${alias}.id in (select rowid from ${table}_search where ${table}_search match ?) and ${exact.sql}`,
      params: [ftsString(term), ...exact.params],
    };
  },
};

/** `term` as a LIKE pattern for "contains", with `\` escaping its own wildcards. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const POSTGRESQL: SqlDialect = {
  kind: 'postgresql',
  rowLocks: true,
  // The search table holds the text lower-cased, and its trigram GIN indexes serve LIKE (where
  // pg_trgm is installed): the match there is exact, nothing to check again.
  textSearch: (table, alias, columns, term) => ({
    sql:
      `${alias}.id in (select id from ${table}_search where ` +
      `${columns.map((column) => `${column} like ? escape '\\'`).join(' or ')})`,
    params: columns.map(() => containsPattern(term.toLowerCase())),
  }),
};
