import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import type { Page, Paged } from '../ports/paging.js';
import { CURSOR_MAX_LENGTH, type CursorBinding, decodeCursor, encodeCursor } from './cursor.js';
import { validationFailed } from './decode.js';
import type { InvalidCursor, ValidationFailed } from './errors.js';
import { integer, MAX_ID, text } from './fields.js';

/** `limit`, and `offset` or `cursor`, the same on every list. */
export const pageParams = {
  limit: integer('Limit', 1, 100, 'Page size, default 50'),
  offset: integer('Offset', 0, MAX_ID, 'Items to skip, default 0; not with cursor'),
  cursor: text('Cursor', CURSOR_MAX_LENGTH, "A page's next_cursor: the page after it; not with offset"),
};

const DEFAULT_LIMIT = 50;

/** How a caller asks for a page, as decoded: all optional. */
export interface PageRequest {
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
  readonly cursor?: string | undefined;
}

/** A read model's list query as a caller asks for it: its filters, and a page request. */
export type Requested<Q extends Page> = Omit<Q, keyof Page> & PageRequest;

/** Which list a page is of, for whom: what its cursors are bound to, beside the filters. */
export interface ListOf {
  readonly userId: CursorBinding['userId'];
  readonly list: string;
}

/** A decoded query with its page made concrete: the defaults filled in, or the cursor's key. */
export type Opened<Q extends PageRequest> = Q & Page;

/** The binding of a list's cursors: the query without anything that says which page. */
const bindingOf = (of: ListOf, request: PageRequest & { readonly after?: unknown }): CursorBinding => {
  const { limit: _limit, offset: _offset, cursor: _cursor, after: _after, ...filters } = request;
  return { ...of, filters };
};

const BOTH_GIVEN = validationFailed([
  {
    field: 'cursor',
    code: 'MISMATCH',
    message: 'cannot be given with offset; a cursor says where the page starts',
  },
]);

/**
 * The page a decoded query asks for (CONTRACT §9): by `offset` (default 0), or right after the item
 * its `cursor` names, which must have been given out for this user, list, filters and sort.
 */
export const openPage = <Q extends PageRequest>(
  of: ListOf,
  request: Q,
): E.Either<ValidationFailed | InvalidCursor, Opened<Q>> => {
  const limit = request.limit ?? DEFAULT_LIMIT;
  if (request.cursor === undefined) return E.right({ ...request, limit, offset: request.offset ?? 0 });
  if (request.offset !== undefined) return E.left(BOTH_GIVEN);
  return pipe(
    decodeCursor(bindingOf(of, request), request.cursor),
    E.map((after) => ({ ...request, limit, offset: 0, after })),
  );
};

/** A page as a caller receives it: its items, the list's total, and how to ask for what follows. */
export interface PageAnswer<T> {
  readonly items: readonly T[];
  readonly total: number;
  readonly limit: number;
  /** The items skipped; null for a page asked by cursor. */
  readonly offset: number | null;
  /** Asks for the page after this one (as `cursor`); null on the last page. */
  readonly nextCursor: string | null;
}

/** The answer to an opened page: its next key turned into a cursor bound as the request's was. */
export const pageAnswer = <T>(of: ListOf, request: Opened<PageRequest>, paged: Paged<T>): PageAnswer<T> => ({
  items: paged.items,
  total: paged.total,
  limit: request.limit,
  offset: request.after === undefined ? request.offset : null,
  nextCursor: paged.next === null ? null : encodeCursor(bindingOf(of, request), paged.next),
});

/**
 * A page of `items`, which are in ascending id order and few enough to hold at once (a user's
 * webhook subscriptions): by offset, or after the id its key names; the total exact.
 */
export const pageInIdOrder = <T extends { readonly id: number }>(
  items: readonly T[],
  page: Page,
): Paged<T> => {
  const [afterId] = page.after ?? [];
  const start =
    page.after === undefined
      ? page.offset
      : typeof afterId === 'number' && page.after.length === 1
        ? items.findIndex((item) => item.id > afterId)
        : -1;
  const from = start === -1 ? items.length : start;
  const onPage = items.slice(from, from + page.limit);
  const last = onPage[onPage.length - 1];
  const more = from + page.limit < items.length;
  return { items: onPage, total: items.length, next: more && last !== undefined ? [last.id] : null };
};
