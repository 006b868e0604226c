import { COUNT_HORIZON, type Page, type Paged } from '../../../../application/ports/paging.js';
import type { Condition, SqlDialect } from '../sql-dialect.js';
import {
  type FirstKeyNulls,
  keyColumns,
  keyOfRow,
  type Order,
  orderByOf,
  seekAfter,
  withCondition,
} from './keyset.js';
import type { Row, SqlRunner, SqlValue } from './sql-runner.js';

/** A statement answering a total exactly and cheaply (a kept counter), with its parameters. */
export type ExactTotal = Condition;

export interface PagedSelect<T> {
  /** The selected columns. */
  readonly columns: string;
  /** `from … [joins] where …`, shared by the page and the count. */
  readonly from: string;
  readonly params: readonly SqlValue[];
  /** The list's order, its id last: it orders the page and gives out the last row's keys. */
  readonly order: Order;
  readonly map: (row: Row) => T;
  /** `from … where …` selecting the same rows as `from` more cheaply, for the count. */
  readonly countFrom?: Condition | undefined;
  /** Where the total is kept; without it, matches are counted up to the horizon. */
  readonly exactTotal?: ExactTotal | undefined;
  /**
   * Read the page as separate runs instead: each run (a selection of its own, in its own order
   * along an index) picks the ids of its first `offset + limit` rows, the ids are merged in the
   * list's order and cut to the page, and only then are the page's rows read (a deferred join). The
   * runs are disjoint, so without an exact total their capped counts add up.
   */
  readonly runs?: Runs | undefined;
}

export interface Runs {
  /** `table alias` the page's rows are then read from, by id. */
  readonly table: string;
  /** The id column, with its alias. */
  readonly id: string;
  /** How the database picks rows by the ids a subquery selects (the dialect's). */
  readonly idIn: SqlDialect['idIn'];
  /** How the database merges the runs in order (the dialect's). */
  readonly merge: SqlDialect['mergesRuns'];
  /** Whether the matches are counted along each run's order (the dialect's). */
  readonly countInOrder: SqlDialect['countsRunsInOrder'];
  readonly list: readonly Run[];
}

export interface Run {
  /** `from … where …` of this run. */
  readonly from: string;
  readonly params: readonly SqlValue[];
  /** The run's own order, along its index: the list's, or the same for the rows it holds. */
  readonly orderBy: string;
  /** When the run holds only the nulls of the list's first key, or none of them. */
  readonly nulls?: FirstKeyNulls | undefined;
}

/**
 * A bound row count for `limit`/`offset`. Bare, SQLite's planner reads the bound value, so the
 * statement is prepared again at every run (about 20 µs, a third of a 50-row page); behind a cast it
 * is prepared once. PostgreSQL takes the cast as written.
 */
export const COUNT_PARAMETER = 'cast(? as bigint)';

const TOTAL_COLUMN = 'page_total';

/** The selection narrowed to the rows after the page's key, when it is asked by one. */
const seeking = (
  selection: { readonly from: string; readonly params: readonly SqlValue[] },
  order: Order,
  page: Page,
  nulls?: FirstKeyNulls,
) => (page.after === undefined ? selection : withCondition(selection, seekAfter(order, page.after, nulls)));

/**
 * The page's rows, one more than the page holds (which tells whether another follows), each with
 * its sort keys: by offset, or after the page's key.
 */
const pageStatement = <T>(select: PagedSelect<T>, page: Page): { sql: string; params: SqlValue[] } => {
  const rows = page.limit + 1;
  const tail = `limit ${COUNT_PARAMETER} offset ${COUNT_PARAMETER}`;
  const columns = `${select.columns}${keyColumns(select.order)}`;
  const orderBy = orderByOf(select.order);
  if (select.runs === undefined) {
    const { from, params } = seeking(select, select.order, page);
    return { sql: `select ${columns} ${from} ${orderBy} ${tail}`, params: [...params, rows, page.offset] };
  }
  const { table, id, idIn, merge, list } = select.runs;
  const last = select.order.length - 1;
  const picked = [
    `${id} as id`,
    ...select.order.slice(0, last).map((key, index) => `${key.column} as k${index}`),
  ].join(', ');
  const mergedOrder = orderByOf(select.order, (_key, index) => (index === last ? 'id' : `k${index}`));
  const arms = list.map((run): Condition => {
    const { from, params } = seeking(run, select.order, page, run.nulls);
    return merge === 'as-arms'
      ? { sql: `select ${picked} ${from}`, params }
      : {
          sql: `select * from (select ${picked} ${from} ${run.orderBy} limit ${COUNT_PARAMETER}) run`,
          params: [...params, page.offset + rows],
        };
  });
  const pageIds = `select id from (${arms.map((arm) => arm.sql).join(' union all ')} ${mergedOrder} ${tail}) runs`;
  return {
    sql: `select ${columns} from ${table} where ${idIn(id, pageIds)} ${orderBy}`,
    params: [...arms.flatMap((arm) => arm.params), rows, page.offset],
  };
};

/**
 * The matches of each run counted up to `limit`, added (one count over `owner_id = ? or
 * assignee_id = ?` first gathers every visible row id). Where the dialect says so, each walks in its
 * own order, so along the same index as its page (`countsRunsInOrder`).
 */
const cappedRunsCount = (runs: Runs, limit: number): Condition => ({
  sql: `select ${runs.list.map((run) => `(select count(*) from (select 1 ${run.from}${runs.countInOrder ? ` ${run.orderBy}` : ''} limit ${COUNT_PARAMETER}) run)`).join(' + ')} as total`,
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
 * a scalar subquery (evaluated once), so a list costs one round trip and its total and rows come
 * from the same snapshot. Only a page with no rows, which carries no total, counts on its own.
 * Nothing is kept between calls: every page is read from the database.
 */
export const pagedSelect = async <T>(
  runner: SqlRunner,
  select: PagedSelect<T>,
  page: Page,
  horizon = COUNT_HORIZON,
): Promise<Paged<T>> => {
  const limit = countLimit(page, horizon);
  const count = countStatement(select, limit);
  const statement = pageStatement(
    { ...select, columns: `${select.columns}, (${count.sql}) as ${TOTAL_COLUMN}` },
    page,
  );
  const rows = await runner.all(statement.sql, [...count.params, ...statement.params]);
  const counted = Number(rows[0]?.[TOTAL_COLUMN] ?? (await runner.get(count.sql, count.params))?.total ?? 0);
  const onPage = rows.slice(0, page.limit);
  const last = onPage[onPage.length - 1];
  return {
    items: onPage.map(select.map),
    total: select.exactTotal ? counted : cappedTotal(counted, limit),
    next: rows.length > page.limit && last !== undefined ? keyOfRow(select.order, last) : null,
  };
};

/** The kept row count of `table` for `ownerId` (0 before their first row). */
export const ownedRowCount = (table: string, ownerId: number): ExactTotal => ({
  sql: 'select coalesce(max(row_count), 0) as total from owner_row_counts where owner_id = ? and table_name = ?',
  params: [ownerId, table],
});
