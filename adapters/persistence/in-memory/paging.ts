import type { Page, Paged, SeekKey, SortKeyValue } from '../../../application/ports/paging.js';
import { copyOf } from '../../../application/shared/copy.js';

/**
 * A copy of a stored value for whoever asked: the store keeps its own objects, so a caller that
 * changes what it was handed (a field, a date's time) changes nothing the store answers later. What
 * a transaction answers, and the records sync reads, leave the store as copies. The read models'
 * pages do not: their callers only read them (the HTTP edge serialises them, the use cases present
 * them), and a host gets its own copy of every answer from its session (`hostCopy`).
 */
export const handedOut = <T>(value: T): T => copyOf(value);

type Direction = 'asc' | 'desc';

/** How a list is ordered: each item's sort keys (the id last) and the direction of each. */
export interface KeyOrder<T> {
  readonly keyOf: (item: T) => SeekKey;
  readonly directions: readonly Direction[];
}

/** Items in id order, as most lists are. */
export const BY_ID: KeyOrder<{ readonly id: number }> = { keyOf: (item) => [item.id], directions: ['asc'] };

/** Whether `items` already are in id order (a table's map is: ids only grow). */
const inIdOrder = (items: readonly unknown[]): boolean => {
  let last = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < items.length; index += 1) {
    // trust boundary: any item, its `id` read as unknown and checked to be a number just below.
    const id = (items[index] as { readonly id?: unknown } | null | undefined)?.id;
    if (typeof id !== 'number' || id <= last) return false;
    last = id;
  }
  return true;
};

const idOf = (item: unknown): number | null =>
  typeof item === 'object' && item !== null && 'id' in item && typeof item.id === 'number' ? item.id : null;

/** `pageOf` for items already in id order, asked by offset: no key to make, nothing to sort. */
const idOrderedPage = <T>(items: readonly T[], page: Page): Paged<T> => {
  const end = page.offset + page.limit;
  const last = items[end - 1];
  return {
    items: items.slice(page.offset, end),
    total: items.length,
    next: end < items.length && last !== undefined ? [idOf(last) ?? 0] : null,
  };
};

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
  if (order === BY_ID && page.after === undefined && inIdOrder(items)) return idOrderedPage(items, page);
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
    items: keyed.slice(from, end).map(({ item }) => item),
    total: keyed.length,
    next: end < keyed.length ? (keyed[end - 1]?.key ?? null) : null,
  };
};
