import type { Page } from '../ports/paging.js';
import { integer, MAX_ID } from './fields.js';

/** `limit` and `offset`, the same on every list. */
export const pageParams = {
  limit: integer('Limit', 1, 100, 'Page size, default 50'),
  offset: integer('Offset', 0, MAX_ID, 'Items to skip, default 0'),
};

export const DEFAULT_PAGE: Page = { limit: 50, offset: 0 };

/** A decoded query with the page defaults filled in. */
export const withPageDefaults = <Q extends { readonly limit?: number; readonly offset?: number }>(
  query: Q,
): Q & Page => ({
  ...query,
  limit: query.limit ?? DEFAULT_PAGE.limit,
  offset: query.offset ?? DEFAULT_PAGE.offset,
});
