import type { Page, Paged } from '../../../application/ports/paging.js';

/** One page of an already filtered and sorted list. */
export const pageOf = <T>(items: readonly T[], { limit, offset }: Page): Paged<T> => ({
  items: items.slice(offset, offset + limit),
  total: items.length,
});
