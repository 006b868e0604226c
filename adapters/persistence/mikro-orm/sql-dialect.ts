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
  /** Rows (`search.alias`, a row of `search.table`) where one of `columns` contains the term. */
  textSearch(search: TextSearch): Condition;
}

/**
 * A case-insensitive "contains" (`%`, `_` and `\` literal) over some text columns, among the rows
 * `ownerId` owns and the ids `alsoVisible` selects, found through the table's search index.
 */
export interface TextSearch {
  readonly table: SearchedTable;
  readonly alias: string;
  readonly columns: readonly string[];
  readonly term: string;
  readonly ownerId: number;
  /** `select id …` of rows visible beyond the owned ones (a task assigned by someone else). */
  readonly alsoVisible?: Condition;
}

/** A trigram index cannot look up fewer than three characters. */
const TRIGRAM = 3;

/** The low 32 bits of a search rowid: the row's id. */
const ID_BITS = 2 ** 32 - 1;

/** `term` as one FTS5 string: every character literal, quotes doubled. */
const ftsString = (term: string) => `"${term.replaceAll('"', '""')}"`;

export const SQLITE: SqlDialect = {
  kind: 'sqlite',
  rowLocks: false,
  textSearch: ({ table, alias, columns, term, ownerId, alsoVisible }) => {
    const lowered = term.toLowerCase();
    // unicode_lower is registered on the connection: SQLite's own lower() only folds ASCII.
    const exact = {
      sql: `(${columns.map((column) => `instr(unicode_lower(${alias}.${column}), ?) > 0`).join(' or ')})`,
      params: columns.map(() => lowered),
    };
    if ([...term].length < TRIGRAM) return exact;
    // The trigram index (which folds case itself) finds the owner's candidates in their rowid
    // range (owner << 32 | id); rows visible otherwise are few. The exact test decides.
    const owned = `select rowid & ${ID_BITS} from ${table}_search where ${table}_search match ? and rowid between ? and ?`;
    const candidates = alsoVisible === undefined ? owned : `${owned} union all ${alsoVisible.sql}`;
    return {
      sql: `${alias}.id in (${candidates}) and ${exact.sql}`,
      params: [
        ftsString(term),
        ownerId * 2 ** 32,
        ownerId * 2 ** 32 + ID_BITS,
        ...(alsoVisible?.params ?? []),
        ...exact.params,
      ],
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
  textSearch: ({ table, alias, columns, term }) => ({
    sql:
      `${alias}.id in (select id from ${table}_search where ` +
      `${columns.map((column) => `${column} like ? escape '\\'`).join(' or ')})`,
    params: columns.map(() => containsPattern(term.toLowerCase())),
  }),
};
