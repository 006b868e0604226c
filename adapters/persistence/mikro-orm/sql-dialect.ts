import { type RawBuilder, sql } from 'kysely';
import type { SqlValue } from './read/sql-runner.js';
import { searchPhrase } from './search-tokens.js';

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
   * Rows (of `alias`) where one of `columns` contains `term`, case-insensitively
   * (Unicode lower case), with `%`, `_` and `\` literal.
   */
  textSearch(alias: string, columns: readonly string[], term: string): Condition;
  /**
   * The rows (of `alias`, in `table`) where `userId` sees `term`, found on the table's search index
   * exactly as `textSearch` finds them; undefined where there is no such index (PostgreSQL) or the
   * term is too short for it.
   */
  searchIndex(table: SearchedTable, alias: string, userId: number, term: string): IndexedSearch | undefined;
  /** `column` is one of the ids `subquery` selects. */
  idIn(column: string, subquery: string): string;
  /**
   * `ids` as one list parameter, for `where id in …`: one prepared statement serves any count, and
   * the database looks each up by primary key.
   */
  idList(ids: readonly number[]): RawBuilder<number>;
  /**
   * Whether an ascending index, walked backwards, gives `desc nulls last`: SQLite sorts nulls
   * first, so it does; PostgreSQL sorts them last, so walked backwards they come first.
   */
  readonly descendingNullsLastOnIndex: boolean;
  /**
   * How the runs of a page (paged-select.ts) are merged in order, each read along its index and
   * stopping with the page. PostgreSQL merges them (a Merge Append) when each is a subquery with its
   * own order and limit; bare, it reads every row of each and sorts them. SQLite merges bare arms of
   * the compound; from subqueries it sorts each run's rows again (0.9 ms against 0.26 for the ids of
   * a page 5k deep).
   */
  readonly mergesRuns: 'as-subqueries' | 'as-arms';
  /**
   * Whether a run's matches are counted along the run's own order (paged-select.ts). SQLite's
   * planner, free of it, may walk another of the owner's indexes and read the table's pages at
   * random (22 ms against 1.2 for 100k tasks). PostgreSQL's generic plan, held to it, walks the
   * primary key over every owner's rows, not knowing how many are the caller's: counting a search's
   * matches among an owner's 40k of 80k tasks read 35k pages (63 ms for the whole page); free of the
   * order, its plan reads the owner's 1.4k pages once.
   */
  readonly countsRunsInOrder: boolean;
  /**
   * `left join` of the newest row of `table` (by `created_at`, then `id`) whose `client_id` is
   * `clientId`, as `alias` with its `id` and `created_at` (nulls when there is none): one backward
   * step along the table's (client_id, created_at, id) index per client.
   */
  latestOfClient(table: string, alias: string, clientId: string): string;
}

/** `columns` of the newest row of `table` for `clientId`, along its (client_id, created_at, id) index. */
const newestOfClient = (table: string, clientId: string, columns: string) =>
  `select ${columns} from ${table} x where x.client_id = ${clientId} order by x.created_at desc, x.id desc limit 1`;

/** A search answered by an index whose entries are the rows the user sees (`s`, by row id). */
export interface IndexedSearch {
  /** `join … s` on the searched rows, to put before the conditions. */
  readonly join: string;
  /** The matches, on `s`. */
  readonly condition: Condition;
  /** `from … where …` counting the matches on the index alone (when nothing else filters them). */
  readonly countFrom: Condition;
  /** The searched row's id as the index holds it: ordering by it reads the index in that order. */
  readonly idColumn: string;
}

/** SQLite's per-user search indexes (search-tokens.ts), by the table they index. */
export const SEARCH_INDEXES = { tasks: 'task_search', notes: 'note_search' } as const;
export type SearchedTable = keyof typeof SEARCH_INDEXES;

/** `term` as a LIKE pattern for "contains", with `\` escaping its own wildcards. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every character below U+0080. */
export const isAscii = (text: string): boolean => [...text].every((c) => c.charCodeAt(0) < 0x80);

/**
 * The only characters outside ASCII whose lower case holds ASCII (JavaScript's `toLowerCase`,
 * checked over every code point): İ (to "i" and a combining dot) and the Kelvin sign (to "k").
 * A test of the SQL dialects checks that this is still the whole list.
 */
export const FOLDS_TO_ASCII = ['\u0130', '\u212a'];

/** The ASCII those characters fold into ("i", "k"): an ASCII term without any cannot reach them. */
const REACHED_FROM_OUTSIDE = new Set([...FOLDS_TO_ASCII.join('').toLowerCase()].filter(isAscii));

/**
 * Search costs follow the caller's own data, never the whole table's. Tasks and notes are searched
 * on indexes whose words each belong to one user (search-tokens.ts); terms shorter than the
 * index's runs are a test on the rows the list walks anyway (along the owner's index, stopping
 * once the page and the count have what they need). A trigram index shared by every owner was
 * tried first: a common word then cost every owner the matches of the whole table (4.5 s a search
 * in a million tasks).
 */
export const SQLITE: SqlDialect = {
  kind: 'sqlite',
  rowLocks: false,
  descendingNullsLastOnIndex: true,
  mergesRuns: 'as-arms',
  countsRunsInOrder: true,
  // SQLite has no lateral join: the row is joined by the id the subquery finds.
  latestOfClient: (table, alias, clientId) =>
    `left join ${table} ${alias} on ${alias}.id = (${newestOfClient(table, clientId, 'x.id')})`,
  idIn: (column, subquery) => `${column} in (${subquery})`,
  idList: (ids) => sql<number>`(select value from json_each(${JSON.stringify(ids)}))`,
  searchIndex: (table, alias, userId, term) => {
    const phrase = searchPhrase(userId, term);
    if (phrase === undefined) return undefined;
    const index = SEARCH_INDEXES[table];
    const condition = { sql: `s.${index} match ?`, params: [phrase] };
    return {
      join: `join ${index} s on s.rowid = ${alias}.id`,
      condition,
      countFrom: { sql: `from ${index} s where ${condition.sql}`, params: condition.params },
      idColumn: 's.rowid',
    };
  },
  textSearch: (alias, columns, term) => {
    const lowered = term.toLowerCase();
    if (isAscii(lowered)) {
      // SQLite's LIKE folds ASCII case, natively and quickly. Only İ and the Kelvin sign fold into
      // ASCII from outside it ("i", "k"): for a term holding either letter, text holding either
      // sign is tested the exact way too.
      const pattern = containsPattern(lowered);
      const reachable = [...lowered].some((c) => REACHED_FROM_OUTSIDE.has(c));
      const tests = columns.map((column) => {
        const like = `${alias}.${column} like ? escape '\\'`;
        if (!reachable) return { sql: like, params: [pattern] };
        const signs = FOLDS_TO_ASCII.map((sign) => `instr(${alias}.${column}, '${sign}') > 0`).join(' or ');
        return {
          sql: `${like} or ((${signs}) and instr(unicode_lower(${alias}.${column}), ?) > 0)`,
          params: [pattern, lowered],
        };
      });
      return {
        sql: `(${tests.map((test) => test.sql).join(' or ')})`,
        params: tests.flatMap((test) => test.params),
      };
    }
    // unicode_lower (registered on the connection) costs a call per row, but SQLite's own lower()
    // folds ASCII only.
    return {
      sql: `(${columns.map((column) => `instr(unicode_lower(${alias}.${column}), ?) > 0`).join(' or ')})`,
      params: columns.map(() => lowered),
    };
  },
};

export const POSTGRESQL: SqlDialect = {
  kind: 'postgresql',
  rowLocks: true,
  descendingNullsLastOnIndex: false,
  mergesRuns: 'as-subqueries',
  countsRunsInOrder: false,
  // Lateral, the index gives both columns; joined by id (as SQLite must) it also reads the row.
  latestOfClient: (table, alias, clientId) =>
    `left join lateral (${newestOfClient(table, clientId, 'x.id, x.created_at')}) ${alias} on true`,
  searchIndex: () => undefined,
  // The planner sizes `in (subquery)` as a join, and may hash a page's few ids against a scan of the
  // whole table (2.2 ms for 50 of 5k time records); `= any(array(…))` runs the subquery first and
  // looks its ids up by primary key (0.23 ms).
  idIn: (column, subquery) => `${column} = any(array(${subquery}))`,
  // An array literal: the ids are integers, so `{1,2,3}` needs no quoting. Joined to, not tested with
  // `id = any(…)`: beside "owner or assignee", a generic plan tests every row the user sees against
  // the whole array (68 ms for 1,000 ids among 10,000 tasks; joined, about 1 ms).
  idList: (ids) => sql<number>`(select unnest(cast(${`{${ids.join(',')}}`} as integer[])))`,
  // lower() folds by the database's character type.
  textSearch: (alias, columns, term) => ({
    sql: `(${columns.map((column) => `lower(${alias}.${column}) like ? escape '\\'`).join(' or ')})`,
    params: columns.map(() => containsPattern(term.toLowerCase())),
  }),
};
