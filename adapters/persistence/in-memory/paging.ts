import type { Page, Paged } from '../../../application/ports/paging.js';

/**
 * A copy of a stored value for whoever asked: the store keeps its own objects, so a caller that
 * changes what it was handed (a field, a date's time) changes nothing the store answers later.
 */
export const handedOut = <T>(value: T): T => structuredClone(value);

/** One page of an already filtered and sorted list, its items copies of the stored ones. */
export const pageOf = <T>(items: readonly T[], { limit, offset }: Page): Paged<T> => ({
  items: items.slice(offset, offset + limit).map(handedOut),
  total: items.length,
});
