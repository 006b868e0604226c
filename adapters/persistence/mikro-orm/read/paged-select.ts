import type { Page, Paged } from '../../../../application/ports/paging.js';
import type { Condition, SqlDialect } from '../sql-dialect.js';
import { countedTotal, type KeptCounts, readRowsVersion, withRowsVersion } from './kept-counts.js';
import { type KeptPages, pageKey } from './kept-pages.js';
import type { Planning, Row, SqlRunner, SqlValue } from './sql-runner.js';

/**
 * How far past the page's end a filtered list counts its matches. Up to there `total` is exact;
 * beyond it `total` is that bound (a lower bound, and `has_more` is true), so the cost of a count
 * does not grow with the owner's data.
 */
export const COUNT_HORIZON = 1_000;

/** A statement answering a total exactly and cheaply (a kept counter), with its parameters. */
export type ExactTotal = Condition;

export interface PagedSelect<T> {
  /** The selected columns. */
  readonly columns: string;
  /** `from … [joins] where …`, shared by the page and the count. */
  readonly from: string;
  readonly params: readonly SqlValue[];
  readonly orderBy: string;
  readonly map: (row: Row) => T;
  /** `from … where …` selecting the same rows as `from` more cheaply, for the count. */
  readonly countFrom?: Condition | undefined;
  /**
   * Rows held decoded by id and version (VersionedRows): the page is first read as those two
   * `columns`, answered from what `held` gives, and only read whole when a row is not held.
   */
  readonly versions?: { readonly columns: string; readonly held: (row: Row) => T | undefined } | undefined;
  /** Where the total is kept; without it, matches are counted up to the horizon. */
  readonly exactTotal?: ExactTotal | undefined;
  /**
   * Read the page as separate runs instead: each run (a selection of its own, in its own order
   * along an index) stops after `offset + limit` rows, and the runs are merged in `orderBy`. The
   * runs are disjoint, so without an exact total their capped counts add up.
   */
  readonly runs?: Runs | undefined;
  /** How the page's statement is planned (`once` unless told). */
  readonly planning?: Planning | undefined;
  /**
   * Where pages, and counts up to the horizon, are kept while the listed rows stand at one version
   * (a scalar subquery answering it); without it, every list reads its page and counts.
   */
  readonly kept?: Kept | undefined;
}

export interface Kept {
  readonly counts: KeptCounts;
  readonly pages: KeptPages;
  /** The version of the rows the list selects from, which every write to one of them raises. */
  readonly version: Condition;
}

export interface Runs {
  /** `table alias` the page's rows are then fetched from, by id. */
  readonly table: string;
  /** The id column, with its alias. */
  readonly id: string;
  /** How the database picks rows by the ids a subquery selects (the dialect's). */
  readonly idIn: SqlDialect['idIn'];
  readonly list: readonly Run[];
}

export interface Run {
  /** `from … where …` of this run. */
  readonly from: string;
  readonly params: readonly SqlValue[];
  readonly orderBy: string;
}

/**
 * A bound row count for `limit`/`offset`. Bare, SQLite's planner reads the bound value, so the
 * statement is prepared again at every run (about 20 µs, a third of a 50-row page); behind a cast it
 * is prepared once. PostgreSQL takes the cast as written.
 */
export const COUNT_PARAMETER = 'cast(? as bigint)';

const pageStatement = <T>(select: PagedSelect<T>, page: Page): { sql: string; params: SqlValue[] } => {
  const tail = `${select.orderBy} limit ${COUNT_PARAMETER} offset ${COUNT_PARAMETER}`;
  if (select.runs === undefined)
    return {
      sql: `select ${select.columns} ${select.from} ${tail}`,
      params: [...select.params, page.limit, page.offset],
    };
  const { table, id, idIn, list } = select.runs;
  const runs = list.map(
    (run) => `select id from (select ${id} as id ${run.from} ${run.orderBy} limit ${COUNT_PARAMETER}) run`,
  );
  return {
    sql: `select ${select.columns} from ${table} where ${idIn(id, runs.join(' union all '))} ${tail}`,
    params: [...list.flatMap((run) => [...run.params, page.offset + page.limit]), page.limit, page.offset],
  };
};

/**
 * The matches of each run counted up to `limit`, added: each walks in its own order, so along the
 * same index as its page, stopping there. (One count over `owner_id = ? or assignee_id = ?` first
 * gathers every visible row id; without the order, SQLite may walk another index of the owner's,
 * in an order that reads the table's pages at random: 22 ms against 1.2 for 100k tasks.)
 */
const cappedRunsCount = (runs: Runs, limit: number): Condition => ({
  sql: `select ${runs.list.map((run) => `(select count(*) from (select 1 ${run.from} ${run.orderBy} limit ${COUNT_PARAMETER}) run)`).join(' + ')} as total`,
  params: runs.list.flatMap((run) => [...run.params, limit]),
});

/** The statement answering the total: the exact one, else the matches counted up to `limit`. */
const countStatement = <T>(select: PagedSelect<T>, limit: number): Condition => {
  if (select.exactTotal) return select.exactTotal;
  if (select.runs) return cappedRunsCount(select.runs, limit);
  const { sql, params } = select.countFrom ?? { sql: select.from, params: select.params };
  return {
    sql: `select count(*) as total from (select 1 ${sql} limit ${COUNT_PARAMETER}) matches`,
    params: [...params, limit],
  };
};

/** The most matches worth counting for this page: its end plus the horizon. */
export const countLimit = (page: Page, horizon: number): number => page.offset + page.limit + horizon;

/** The total of a count stopped at `limit`: exact below it, the bound itself at it. */
export const cappedTotal = (counted: number, limit: number): number => Math.min(counted, limit);

/**
 * One page of rows and the total of the same selection, in one statement: the count rides along as
 * a scalar subquery (evaluated once, and not at all where a kept count still holds), so a list costs
 * one round trip and its total and rows come from the same snapshot. Only a page with no rows, which
 * carries no total, counts on its own; and a page read as `versions` first takes a second statement
 * when it holds a row not known yet. Where pages are `kept`, a page asked again while the rows'
 * version stands is answered from the kept one after reading that version alone (KeptPages).
 */
export const pagedSelect = async <T>(
  runner: SqlRunner,
  select: PagedSelect<T>,
  page: Page,
  horizon = COUNT_HORIZON,
): Promise<Paged<T>> => {
  const { kept } = select;
  const key = kept === undefined ? '' : pageKey(select.from, select.orderBy, select.params, page);
  if (kept !== undefined) {
    const held = kept.pages.get<T>(key);
    // A copy of the kept list, so that whoever is handed the page may do with it as they like.
    if (held !== undefined && held.version === (await readRowsVersion(runner, kept.version)))
      return { items: held.paged.items.slice(), total: held.paged.total };
  }
  const limit = countLimit(page, horizon);
  const count = countStatement(select, limit);
  const totalColumns =
    kept === undefined
      ? countedTotal(count)
      : select.exactTotal !== undefined
        ? withRowsVersion(kept.version, countedTotal(count))
        : kept.counts.columns(kept.version, count);
  const read = (columns: string) => {
    const statement = pageStatement({ ...select, columns: `${columns}, ${totalColumns.sql}` }, page);
    return runner.all(statement.sql, [...totalColumns.params, ...statement.params], select.planning);
  };
  // A page of rows held at their versions is answered from ids and versions: the database sends
  // two columns a row instead of all of them. Each answer still comes from one statement.
  const fromHeld = async ({ columns, held }: NonNullable<PagedSelect<T>['versions']>) => {
    const rows = await read(columns);
    const items: T[] = [];
    for (const row of rows) {
      const item = held(row);
      if (item === undefined) return undefined;
      items.push(item);
    }
    return { rows, items };
  };
  const whole = async () => {
    const rows = await read(select.columns);
    return { rows, items: rows.map(select.map) };
  };
  const { rows, items } =
    (select.versions === undefined ? undefined : await fromHeld(select.versions)) ?? (await whole());
  const first = rows[0];
  const totalRow =
    first ?? (await runner.get(`select ${totalColumns.sql}`, totalColumns.params, select.planning));
  const total = totalRow === undefined ? 0 : totalColumns.total(totalRow);
  const paged = { items, total: select.exactTotal ? total : cappedTotal(total, limit) };
  // Only a page whose rows and version one statement read is kept: an empty page reads its total
  // (and version) in a statement of its own, which a write between the two could tell apart.
  if (kept !== undefined && first !== undefined && totalColumns.version !== undefined)
    kept.pages.keep(key, totalColumns.version(first), { items: items.slice(), total: paged.total });
  return paged;
};

/** The kept row count of `table` for `ownerId` (0 before their first row). */
export const ownedRowCount = (table: string, ownerId: number): ExactTotal => ({
  sql: 'select coalesce(max(row_count), 0) as total from owner_row_counts where owner_id = ? and table_name = ?',
  params: [ownerId, table],
});
