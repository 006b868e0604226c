import type { SeekKey, SortKeyValue } from '../../../../application/ports/paging.js';
import type { Condition } from '../sql-dialect.js';
import type { Row, SqlValue } from './sql-runner.js';

/** One term of a list's order. A list's order ends with its id, which makes every key unique. */
export interface SortKey {
  /** The expression ordered by (`t.date`), also selected as the key a page gives out. */
  readonly column: string;
  readonly direction: 'asc' | 'desc';
  /** Nulls may occur: they come last in either direction. */
  readonly nullable?: boolean;
  /** What its values are: numbers (ids, instants, priorities) or text (stored dates). */
  readonly kind: 'number' | 'text';
}

export type Order = readonly SortKey[];

/** Where a run of a list stands on its first key's nulls, when it holds only one side of them. */
export type FirstKeyNulls = 'only nulls' | 'no nulls';

/** `order by …`: each key in its direction, nulls last where they may occur. */
export const orderByOf = (order: Order, column = (key: SortKey, _index: number) => key.column): string =>
  `order by ${order.map((key, index) => `${column(key, index)} ${key.direction}${key.nullable ? ' nulls last' : ''}`).join(', ')}`;

/** The alias a page's row carries its `index`th sort key under. */
const keyAlias = (index: number): string => `sort_key_${index}`;

/** The order's keys as extra selected columns (`, t.date as sort_key_0, …`), to give out the last row's. */
export const keyColumns = (order: Order): string =>
  order.map((key, index) => `, ${key.column} as ${keyAlias(index)}`).join('');

/** The sort keys a row selected with `keyColumns` carries, as the port gives them out. */
export const keyOfRow = (order: Order, row: Row): SeekKey =>
  order.map((key, index): SortKeyValue => {
    const value = row[keyAlias(index)];
    if (value === null || value === undefined) return null;
    // PostgreSQL answers a bigint as text.
    return key.kind === 'number' ? Number(value) : String(value);
  });

const fits = (order: Order, key: SeekKey): boolean =>
  key.length === order.length &&
  order.every((sortKey, index) => {
    const value = key[index];
    if (value === null) return sortKey.nullable === true;
    return sortKey.kind === 'number' ? typeof value === 'number' : typeof value === 'string';
  });

const NOTHING: Condition = { sql: '1 = 0', params: [] };
const EVERYTHING: Condition = { sql: '1 = 1', params: [] };

/**
 * The rows that come after `key` in `order`, nulls last. Each non-null key is bounded first
 * (`k >= ?`), so that a walk along an index in the list's order starts at the key instead of
 * skipping what it passes; the ties on it are then told apart by the keys after it.
 */
const after = (order: Order, key: SeekKey, index: number, nulls?: FirstKeyNulls): Condition => {
  const sortKey = order[index];
  if (sortKey === undefined) return NOTHING;
  const value = key[index] ?? null;
  const { column } = sortKey;
  const past = sortKey.direction === 'asc' ? '>' : '<';
  if (index === order.length - 1) return { sql: `${column} ${past} ?`, params: [value] };
  const rest = after(order, key, index + 1);
  if (value === null) {
    if (nulls === 'no nulls') return NOTHING;
    if (nulls === 'only nulls') return rest;
    return { sql: `${column} is null and (${rest.sql})`, params: rest.params };
  }
  if (nulls === 'only nulls') return EVERYTHING;
  const bounded: Condition = {
    sql: `${column} ${past}= ? and (${column} ${past} ? or (${rest.sql}))`,
    params: [value, value, ...rest.params],
  };
  if (!sortKey.nullable || nulls === 'no nulls') return bounded;
  return { sql: `(${column} is null or (${bounded.sql}))`, params: bounded.params };
};

/**
 * The condition a page after `key` adds to its selection. A key that does not fit the order (another
 * list's, or forged) selects nothing: the walk ends there, and no value reaches SQL as a wrong type.
 */
export const seekAfter = (order: Order, key: SeekKey, nulls?: FirstKeyNulls): Condition =>
  fits(order, key) ? after(order, key, 0, nulls) : NOTHING;

export const withCondition = (
  selection: { readonly from: string; readonly params: readonly SqlValue[] },
  condition: Condition,
): { from: string; params: SqlValue[] } => ({
  from: `${selection.from} and (${condition.sql})`,
  params: [...selection.params, ...condition.params],
});
