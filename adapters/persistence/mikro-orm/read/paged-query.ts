import {
  type AliasableExpression,
  type AliasedExpression,
  type Expression,
  expressionBuilder,
  type SqlBool,
} from 'kysely';
import {
  COUNT_HORIZON,
  type Page,
  type Paged,
  type SeekKey,
  type SortKeyValue,
} from '../../../../application/ports/paging.js';
import type { Db, Statements } from '../orm-runner.js';
import { rowCount } from '../row-count.js';
import type { CountedTable } from '../schemas/owner-row-count.schemas.js';
import type { Selection, SqlDialect } from '../sql-dialect.js';

/** Conditions on expressions of any table: a list's columns come typed from its read model. */
const eb = expressionBuilder<Record<string, never>, never>();

/** One term of a list's order. A list's order ends with its id, which makes every key unique. */
export interface SortKey {
  /** The column ordered by, also selected as the key a page gives out. */
  readonly column: AliasableExpression<SortKeyValue>;
  readonly direction: 'asc' | 'desc';
  /** Nulls may occur: they come last in either direction. */
  readonly nullable?: boolean;
  /** What its values are: numbers (ids, instants, priorities) or text (stored dates). */
  readonly kind: 'number' | 'text';
}

export type Order = readonly SortKey[];

/** Where a run of a list stands on its first key's nulls, when it holds only one side of them. */
export type FirstKeyNulls = 'only nulls' | 'no nulls';

/** A count: a kept counter read exactly and cheaply, or matches counted. */
export interface Total extends Expression<unknown> {
  as<A extends string>(alias: A): AliasedExpression<unknown, A>;
}

/** The aliases a page's row carries its sort keys under (a list has at most three). */
const KEY_ALIASES = ['sort_key_0', 'sort_key_1', 'sort_key_2'] as const;
type KeyAlias = (typeof KEY_ALIASES)[number];

/** The columns a page's statement adds to each row: its total, and its sort keys. */
type PageColumns = { readonly page_total: unknown } & { readonly [K in KeyAlias]?: unknown };

export interface PagedSelect<R, T> {
  /** The list's rows: from, joins, conditions and the columns `map` reads. */
  readonly rows: Selection<R>;
  /** The list's order, its id last: it orders the page and gives out the last row's keys. */
  readonly order: Order;
  readonly map: (row: R) => T;
  /** The same rows as `rows` found more cheaply, for the count. */
  readonly countFrom?: Selection | undefined;
  /** Where the total is kept; without it, matches are counted up to the horizon. */
  readonly exactTotal?: Total | undefined;
  /**
   * Read the page as separate runs instead: each run (a selection of its own, in its own order
   * along an index) picks the ids of its first `offset + limit` rows, the ids are merged in the
   * list's order and cut to the page, and only then are the page's rows read by id (a deferred
   * join). The runs are disjoint, so without an exact total their capped counts add up.
   */
  readonly runs?: Runs | undefined;
}

export interface Runs {
  /** The id column the page's rows are then read by. */
  readonly id: AliasableExpression<number>;
  /** The rows to read by id, with the columns `map` reads (no conditions). */
  readonly byId: Selection;
  readonly dialect: SqlDialect;
  /** Whether the matches are counted along each run's order (the dialect's, unless told). */
  readonly countInOrder: boolean;
  readonly list: readonly Run[];
}

export interface Run {
  /** The run's rows: from and conditions, no columns. */
  readonly rows: Selection;
  /** The run's own order, along its index: the list's, or the same for the rows it holds. */
  readonly order: Order;
  /** When the run holds only the nulls of the list's first key, or none of them. */
  readonly nulls?: FirstKeyNulls | undefined;
}

/** `order by …` of `order` on `query`: each key in its direction, nulls last where they may occur. */
const ordered = <R>(
  query: Selection<R>,
  order: Order,
  column = (key: SortKey, _index: number): Expression<unknown> => key.column,
): Selection<R> =>
  order.reduce(
    (sorted: Selection<R>, key, index) =>
      sorted.orderBy(column(key, index), (item) =>
        key.direction === 'asc'
          ? key.nullable
            ? item.asc().nullsLast()
            : item.asc()
          : key.nullable
            ? item.desc().nullsLast()
            : item.desc(),
      ),
    query,
  );

const fits = (order: Order, key: SeekKey): boolean =>
  key.length === order.length &&
  order.every((sortKey, index) => {
    const value = key[index];
    if (value === null) return sortKey.nullable === true;
    return sortKey.kind === 'number' ? typeof value === 'number' : typeof value === 'string';
  });

const NOTHING = eb.lit(false);
const EVERYTHING = eb.lit(true);

/**
 * The rows that come after `key` in `order`, nulls last. Each non-null key is bounded first
 * (`k >= ?`), so that a walk along an index in the list's order starts at the key instead of
 * skipping what it passes; the ties on it are then told apart by the keys after it.
 */
const after = (order: Order, key: SeekKey, index: number, nulls?: FirstKeyNulls): Expression<SqlBool> => {
  const sortKey = order[index];
  if (sortKey === undefined) return NOTHING;
  const value = key[index] ?? null;
  const { column } = sortKey;
  const past = sortKey.direction === 'asc' ? '>' : '<';
  if (index === order.length - 1) return eb(column, past, value);
  const rest = after(order, key, index + 1);
  if (value === null) {
    if (nulls === 'no nulls') return NOTHING;
    if (nulls === 'only nulls') return rest;
    return eb.and([eb(column, 'is', null), rest]);
  }
  if (nulls === 'only nulls') return EVERYTHING;
  const bounded = eb.and([eb(column, `${past}=`, value), eb.or([eb(column, past, value), rest])]);
  if (!sortKey.nullable || nulls === 'no nulls') return bounded;
  return eb.or([eb(column, 'is', null), bounded]);
};

/**
 * The condition a page after `key` adds. A key that does not fit the order (another list's, or
 * forged) selects nothing: the walk ends there, and no value reaches SQL as a wrong type.
 */
const seekAfter = (order: Order, key: SeekKey, nulls?: FirstKeyNulls): Expression<SqlBool> =>
  fits(order, key) ? after(order, key, 0, nulls) : NOTHING;

/** `rows` narrowed to those after the page's key, when it is asked by one. */
const seeking = <R>(rows: Selection<R>, order: Order, page: Page, nulls?: FirstKeyNulls): Selection<R> =>
  page.after === undefined ? rows : rows.where(seekAfter(order, page.after, nulls));

const keyAlias = (index: number): KeyAlias => {
  const alias = KEY_ALIASES[index];
  if (alias === undefined) throw new Error(`a list is ordered by at most ${KEY_ALIASES.length} keys`);
  return alias;
};

/** The sort keys a row selected with its keys carries, as the port gives them out. */
const keyOfRow = (order: Order, row: PageColumns): SeekKey =>
  order.map((key, index): SortKeyValue => {
    const value = row[keyAlias(index)];
    if (value === null || value === undefined) return null;
    return key.kind === 'number' ? Number(value) : String(value);
  });

/** The matches of `rows` counted up to `limit`, walking `order` where given. */
const cappedCount = (rows: Selection, limit: number, order?: Order): Total => {
  const matches = rows.clearSelect().select(eb.lit(1).as('one'));
  return eb
    .selectFrom((order ? ordered(matches, order) : matches).limit(rowCount(limit)).as('matches'))
    .select(eb.fn.countAll<number>().as('total'));
};

/** The columns a run picks: each row's id, and the list's keys before it (a list has at most three). */
const PICKED_KEYS = ['k0', 'k1'] as const;
const picks = expressionBuilder<{ run: { id: number; k0: SortKeyValue; k1: SortKeyValue } }, 'run'>();
const pickedKey = (index: number) => {
  const key = PICKED_KEYS[index];
  if (key === undefined) throw new Error(`a list is ordered by at most ${PICKED_KEYS.length + 1} keys`);
  return key;
};

/** The ids of the page, merged from the runs in the list's order. */
const pageIds = (runs: Runs, order: Order, page: Page) => {
  const rows = page.limit + 1;
  const last = order.length - 1;
  const picked = [
    runs.id.as('id'),
    ...order.slice(0, last).map((key, index) => key.column.as(pickedKey(index))),
  ];
  // By name, not `*`: a statement selecting every column is never prepared (postgres-statement-names.ts).
  const pickedAgain = () =>
    ['id' as const, ...PICKED_KEYS.slice(0, last)].map((alias) => picks.ref(alias).as(alias));
  const arms = runs.list.map((run) => {
    const arm = seeking(run.rows, order, page, run.nulls).select(picked);
    if (runs.dialect.mergesRuns === 'as-arms') return arm;
    return eb
      .selectFrom(
        ordered(arm, run.order)
          .limit(rowCount(page.offset + rows))
          .as('run'),
      )
      .select(pickedAgain());
  });
  const [first, ...rest] = arms;
  if (first === undefined) throw new Error('a list read as runs has at least one');
  const merged = rest.reduce((union: Selection, arm) => union.unionAll(arm), first);
  const byAlias = (_key: SortKey, index: number) => picks.ref(index === last ? 'id' : pickedKey(index));
  const inOrder = ordered(merged, order, byAlias).limit(rowCount(rows)).offset(rowCount(page.offset));
  return eb.selectFrom(inOrder.as('runs')).select('runs.id');
};

/** The matches of each run counted up to `limit`, added. */
const cappedRunsCount = (runs: Runs, limit: number): Total =>
  runs.list
    .map((run) => cappedCount(run.rows, limit, runs.countInOrder ? run.order : undefined))
    .reduce((sum, runCount) => eb(sum, '+', runCount));

/** The statement answering the total: the exact one, else the matches counted up to `limit`. */
const totalOf = <R, T>(select: PagedSelect<R, T>, limit: number): Total => {
  if (select.exactTotal) return select.exactTotal;
  if (select.runs) return cappedRunsCount(select.runs, limit);
  return cappedCount(select.countFrom ?? select.rows, limit);
};

/** The most matches worth counting for this page: its end plus the horizon. */
const countLimit = (page: Page, horizon: number): number => page.offset + page.limit + horizon;

/**
 * One page of rows and the total of the same selection, in one statement: the count rides along as
 * a scalar subquery (evaluated once), so a list costs one round trip and its total and rows come
 * from the same snapshot. Only a page with no rows, which carries no total, counts on its own.
 * Each row carries its sort keys, and one more row than the page holds is read: it tells whether
 * another page follows.
 */
export const pagedSelect = async <R, T>(
  q: Statements,
  select: PagedSelect<R, T>,
  page: Page,
  horizon = COUNT_HORIZON,
): Promise<Paged<T>> => {
  const limit = countLimit(page, horizon);
  const total = page.count === false ? undefined : totalOf(select, limit);
  const { order, runs } = select;
  const rows =
    runs === undefined
      ? seeking(select.rows, order, page)
          .limit(rowCount(page.limit + 1))
          .offset(rowCount(page.offset))
      : runs.byId.where(runs.dialect.idIn(runs.id, pageIds(runs, order, page)));
  const keys = order.map((key, index) => key.column.as(keyAlias(index)));
  const found = await q.all(
    ordered(rows.select(total ? [...keys, total.as('page_total')] : keys), order).$castTo<R & PageColumns>(),
  );
  const onPage = found.slice(0, page.limit);
  const last = onPage[onPage.length - 1];
  return {
    items: onPage.map(select.map),
    total: total
      ? await totalOfPage(q, total, found, select.exactTotal ? undefined : limit)
      : page.offset + found.length,
    next: found.length > page.limit && last !== undefined ? keyOfRow(order, last) : null,
  };
};

/** The total a page's rows carry, or counted on its own when there are none; capped at `limit`. */
const totalOfPage = async (q: Statements, total: Total, found: readonly PageColumns[], limit?: number) => {
  const counted = Number(
    found[0]?.page_total ?? (await q.first(q.db.selectNoFrom(total.as('total'))))?.total ?? 0,
  );
  return limit === undefined ? counted : Math.min(counted, limit);
};

/** The kept row count of `table` for `ownerId` (0 before their first row). */
export const ownedRowCount = (db: Db, table: CountedTable, ownerId: number) =>
  db
    .selectFrom('owner_row_counts')
    .select((row) => row.fn.coalesce(row.fn.max('row_count'), row.lit(0)).as('total'))
    .where('owner_id', '=', ownerId)
    .where('table_name', '=', table);
