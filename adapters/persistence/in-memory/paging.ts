import type { Page, Paged, SeekKey, SortKeyValue } from '../../../application/ports/paging.js';

/**
 * A copy of a stored value for whoever asked: the store keeps its own objects, so a caller that
 * changes what it was handed (a field, a date's time) changes nothing the store answers later.
 */
export const handedOut = <T>(value: T): T => structuredClone(value);

type Direction = 'asc' | 'desc';

/** How a list is ordered: each item's sort keys (the id last) and the direction of each. */
export interface KeyOrder<T> {
  readonly keyOf: (item: T) => SeekKey;
  readonly directions: readonly Direction[];
}

/** Items in id order, as most lists are. */
export const BY_ID: KeyOrder<{ readonly id: number }> = { keyOf: (item) => [item.id], directions: ['asc'] };

const compareValues = (a: SortKeyValue | undefined, b: SortKeyValue | undefined, direction: Direction) => {
  if (a === b) return 0;
  // Nulls last in either direction.
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  return (a < b ? -1 : 1) * (direction === 'desc' ? -1 : 1);
};

/** The order of two keys: negative when `a` comes first. */
export const compareKeys = (directions: readonly Direction[], a: SeekKey, b: SeekKey): number => {
  for (const [index, direction] of directions.entries()) {
    const order = compareValues(a[index], b[index], direction);
    if (order !== 0) return order;
  }
  return 0;
};

/** Whether a key could be one of this order's: as many values as it has keys, the id a number. */
const fits = (directions: readonly Direction[], key: SeekKey): boolean =>
  key.length === directions.length && typeof key[key.length - 1] === 'number';

/**
 * One page of a filtered list, in `order`, its items copies of the stored ones: after `offset`
 * items, or after the item `page.after` names (which need not still exist); and the key of its last
 * item when more follow. Each item's key is computed once, for the sort and the seek alike.
 */
export const pageOf = <T>(items: readonly T[], page: Page, order: KeyOrder<T>): Paged<T> => {
  const keyed = items.map((item) => ({ item, key: order.keyOf(item) }));
  keyed.sort((a, b) => compareKeys(order.directions, a.key, b.key));
  const { after } = page;
  const start =
    after === undefined
      ? page.offset
      : fits(order.directions, after)
        ? keyed.findIndex(({ key }) => compareKeys(order.directions, key, after) > 0)
        : -1;
  const from = start === -1 ? keyed.length : start;
  const end = from + page.limit;
  return {
    items: keyed.slice(from, end).map(({ item }) => handedOut(item)),
    total: keyed.length,
    next: end < keyed.length ? (keyed[end - 1]?.key ?? null) : null,
  };
};
