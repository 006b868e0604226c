import {
  type AliasableExpression,
  CompiledQuery,
  type Expression,
  expressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { Period } from '../../../domain/report/periods.js';
import { ONE_ROW } from './row-count.js';
import type { Database } from './schemas/database.js';
import { searchPhrase } from './search-tokens.js';

/** A selection from any tables, answering rows of type `R`: each list types its own. */
// biome-ignore lint/suspicious/noExplicitAny: the tables are the read model's, typed where it builds them.
export type Selection<R = any> = SelectQueryBuilder<any, any, R>;

/** What differs between the two SQL databases, in one place: the only module of typed SQL text. */
export interface SqlDialect {
  readonly kind: 'sqlite' | 'postgresql';
  /** Whether SELECT ... FOR UPDATE exists (SQLite serialises writers instead). */
  readonly rowLocks: boolean;
  /**
   * Rows where one of `columns` contains `term`, case-insensitively (Unicode lower case), with `%`,
   * `_` and `\` literal.
   */
  textSearch(columns: readonly Expression<string | null>[], term: string): Expression<SqlBool>;
  /**
   * The rows (whose id is `rowId`, in `table`) where `userId` sees `term`, found on the table's
   * search index exactly as `textSearch` finds them; undefined where there is no such index
   * (PostgreSQL) or the term is too short for it.
   */
  searchIndex(
    table: SearchedTable,
    rowId: Expression<number>,
    userId: number,
    term: string,
  ): IndexedSearch | undefined;
  /**
   * The period a stored wall-clock `date` falls in, spelled as reports answer it: `YYYY-MM-DD`,
   * `YYYY-Www` (ISO 8601 week), `YYYY-MM` or `YYYY`; null for null.
   */
  period(date: Expression<string | null>, period: Period): AliasableExpression<string | null>;
  /** `column` is one of the ids `ids` selects. */
  idIn(column: Expression<number>, ids: Selection<{ id: number }>): Expression<SqlBool>;
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
   * How the runs of a page (paged-query.ts) are merged in order, each read along its index and
   * stopping with the page. PostgreSQL merges them (a Merge Append) when each is a subquery with its
   * own order and limit; bare, it reads every row of each and sorts them. SQLite merges bare arms of
   * the compound; from subqueries it sorts each run's rows again.
   */
  readonly mergesRuns: 'as-subqueries' | 'as-arms';
  /**
   * Whether a run's matches are counted along the run's own order (paged-query.ts). SQLite's
   * planner, free of it, may walk another of the owner's indexes and read the table's pages at
   * random. PostgreSQL's generic plan, held to it, walks the primary key over every owner's rows,
   * not knowing how many are the caller's; free of the order, it reads the owner's pages once.
   */
  readonly countsRunsInOrder: boolean;
  /**
   * `query` with the newest row of `table` (by `created_at`, then `id`) whose `client_id` is
   * `clientId` left-joined as `l` (its `id` and `created_at`, nulls when there is none): one
   * backward step along the table's (client_id, created_at, id) index per client.
   */
  latestOfClient<R>(query: Selection<R>, table: LatestTable, clientId: Expression<number>): Selection<R>;
  /** One bounded merge step of a SQLite search index (FTS5's `merge` command). */
  mergeSearchIndex(index: SearchIndex, pages: number): RawBuilder<unknown>;
  /** The connection's count of rows changed so far (SQLite's `total_changes()`). */
  readonly totalChanges: RawBuilder<{ changes: number }>;
  /** A statement another library wrote for its own tables (the job queue's), run as it is. */
  foreignStatement(sql: string, params: readonly unknown[]): CompiledQuery<object>;
}

/** The tables whose latest record per client a client list can be ordered by. */
export type LatestTable = 'tasks' | 'notes' | 'time_records' | 'money_records';

const tables = expressionBuilder<Database>();

/** The newest row of `table` for `clientId`, along its (client_id, created_at, id) index. */
const newestOfClient = (table: LatestTable, clientId: Expression<number>) =>
  tables
    .selectFrom(table)
    .where('client_id', '=', clientId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(ONE_ROW);

/** A search answered by an index whose entries are the rows the user sees (`s`, by row id). */
export interface IndexedSearch {
  /** `query` joined to the index's matching entries. */
  join<R>(query: Selection<R>): Selection<R>;
  /** The matches counted on the index alone (when nothing else filters them). */
  readonly countFrom: Selection;
  /** The searched row's id as the index holds it: ordering by it reads the index in that order. */
  readonly idColumn: AliasableExpression<number>;
}

/** SQLite's per-user search indexes (search-tokens.ts), by the table they index. */
export const SEARCH_INDEXES = { tasks: 'task_search', notes: 'note_search' } as const;
export type SearchedTable = keyof typeof SEARCH_INDEXES;
export type SearchIndex = (typeof SEARCH_INDEXES)[SearchedTable];

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
 * index's runs are a test on the rows the list walks anyway.
 */
/** How much of a stored `YYYY-MM-DD hh:mm:ss` spells each period but the week. */
const PERIOD_PREFIX = { day: sql.lit(10), month: sql.lit(7), year: sql.lit(4) } as const;
const dayOfStored = (date: Expression<string | null>) => sql<string | null>`substr(${date}, 1, 10)`;
const prefixOf = (date: Expression<string | null>, period: Exclude<Period, 'week'>) =>
  sql<string | null>`substr(${date}, 1, ${PERIOD_PREFIX[period]})`;

export const SQLITE: SqlDialect = {
  kind: 'sqlite',
  rowLocks: false,
  descendingNullsLastOnIndex: true,
  mergesRuns: 'as-arms',
  countsRunsInOrder: true,
  // SQLite has no lateral join: the row is joined by the id the subquery finds.
  latestOfClient: (query, table, clientId) =>
    query.leftJoin(`${table} as l`, (join) =>
      join.on('l.id', '=', newestOfClient(table, clientId).select('id')),
    ),
  idIn: (column, ids) => tables(column, 'in', ids),
  period: (date, period) =>
    period === 'week' ? sql<string | null>`strftime('%G-W%V', ${dayOfStored(date)})` : prefixOf(date, period),
  idList: (ids) => sql<number>`(select value from json_each(${JSON.stringify(ids)}))`,
  searchIndex: (table, rowId, userId, term) => {
    const phrase = searchPhrase(userId, term);
    if (phrase === undefined) return undefined;
    const index = sql.table(SEARCH_INDEXES[table]);
    const matches = sql<SqlBool>`${sql.ref(`s.${SEARCH_INDEXES[table]}`)} match ${phrase}`;
    return {
      join: (query) =>
        query.innerJoin(index.as('s'), (join) => join.on(sql<SqlBool>`s.rowid = ${rowId}`)).where(matches),
      countFrom: tables.selectFrom(index.as('s')).where(matches),
      idColumn: sql<number>`s.rowid`,
    };
  },
  textSearch: (columns, term) => {
    const lowered = term.toLowerCase();
    const contains = (column: Expression<string | null>) =>
      sql<SqlBool>`instr(unicode_lower(${column}), ${lowered}) > 0`;
    // unicode_lower (registered on the connection) costs a call per row, but SQLite's own lower()
    // folds ASCII only.
    if (!isAscii(lowered)) return tables.or(columns.map(contains));
    // SQLite's LIKE folds ASCII case, natively and quickly. Only İ and the Kelvin sign fold into
    // ASCII from outside it ("i", "k"): for a term holding either letter, text holding either
    // sign is tested the exact way too.
    const pattern = containsPattern(lowered);
    const reachable = [...lowered].some((c) => REACHED_FROM_OUTSIDE.has(c));
    return tables.or(
      columns.map((column) => {
        const like = sql<SqlBool>`${column} like ${pattern} escape ${sql.lit('\\')}`;
        if (!reachable) return like;
        const signs = FOLDS_TO_ASCII.map((sign) => sql<SqlBool>`instr(${column}, ${sql.lit(sign)}) > 0`);
        return tables.or([like, tables.and([tables.or(signs), contains(column)])]);
      }),
    );
  },
  mergeSearchIndex: (index, pages) =>
    sql`insert into ${sql.table(index)} (${sql.ref(index)}, rank) values ('merge', ${pages})`,
  totalChanges: sql<{ changes: number }>`select total_changes() as changes`,
  foreignStatement: (text, params) => CompiledQuery.raw(text, [...params]),
};

/** SQLite: each transaction of a shared commit, as a savepoint (sqlite-group-commit.ts). */
export const GROUP_UNIT = {
  begin: CompiledQuery.raw('savepoint group_unit'),
  end: CompiledQuery.raw('release group_unit'),
  undo: CompiledQuery.raw('rollback to group_unit'),
};

export const POSTGRESQL: SqlDialect = {
  kind: 'postgresql',
  rowLocks: true,
  descendingNullsLastOnIndex: false,
  mergesRuns: 'as-subqueries',
  countsRunsInOrder: false,
  // Lateral, the index gives both columns; joined by id (as SQLite must) it also reads the row.
  latestOfClient: (query, table, clientId) =>
    query.leftJoinLateral(newestOfClient(table, clientId).select(['id', 'created_at']).as('l'), (join) =>
      join.onTrue(),
    ),
  searchIndex: () => undefined,
  period: (date, period) =>
    period === 'week'
      ? sql<string | null>`to_char(cast(${dayOfStored(date)} as date), 'IYYY-"W"IW')`
      : prefixOf(date, period),
  // The planner sizes `in (subquery)` as a join, and may hash a page's few ids against a scan of the
  // whole table; `= any(array(…))` runs the subquery first and looks its ids up by primary key.
  idIn: (column, ids) => sql<SqlBool>`${column} = any(array(${ids}))`,
  // An array literal: the ids are integers, so `{1,2,3}` needs no quoting. Joined to, not tested with
  // `id = any(…)`: beside "owner or assignee", a generic plan tests every row the user sees against
  // the whole array.
  idList: (ids) => sql<number>`(select unnest(cast(${`{${ids.join(',')}}`} as integer[])))`,
  // lower() folds by the database's character type.
  textSearch: (columns, term) => {
    const pattern = containsPattern(term.toLowerCase());
    return tables.or(
      columns.map((column) => sql<SqlBool>`lower(${column}) like ${pattern} escape ${sql.lit('\\')}`),
    );
  },
  mergeSearchIndex: () => {
    throw new Error('PostgreSQL has no FTS5 index to merge');
  },
  totalChanges: sql<{ changes: number }>`select 0 as changes`,
  foreignStatement: (text, params) => CompiledQuery.raw(text, [...params]),
};

/** An arbitrary constant naming this service's migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK = 724_310_553;

/**
 * PostgreSQL: the session lock under which one instance migrates while the others wait (migrate.ts),
 * taken and given back on one connection of its own.
 */
export const MIGRATION_LOCK_STATEMENTS = {
  lock: CompiledQuery.raw('select pg_advisory_lock($1)', [MIGRATION_LOCK]),
  unlock: CompiledQuery.raw('select pg_advisory_unlock($1)', [MIGRATION_LOCK]),
};

/** SQLite: what a backup's check reads of its copy (database-admin.ts): its tables, and each one's rows. */
export const SQLITE_BACKUP_CHECK = {
  tables: "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
  rowCount: (table: string) => `select count(*) from "${table.replaceAll('"', '""')}"`,
};
