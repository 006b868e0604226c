import type { PageAnswer } from '../../application/shared/paging.js';
import type { ValidationDetail } from '../../application/shared/validation-detail.js';

export interface SuccessBody<D> {
  readonly success: true;
  readonly data: D;
}

export interface ErrorBody {
  readonly success: false;
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly details?: readonly ValidationDetail[];
  };
}

export const success = <D>(data: D): SuccessBody<D> => ({ success: true, data });

export const failure = (code: string, message: string, details?: readonly ValidationDetail[]): ErrorBody => ({
  success: false,
  error: details === undefined ? { code, message } : { code, message, details },
});

export interface Pagination {
  readonly limit: number;
  /** null on a page asked by cursor. */
  readonly offset: number | null;
  readonly total: number;
  readonly has_more: boolean;
  readonly next_cursor: string | null;
}

export const pagination = (page: Omit<PageAnswer<unknown>, 'items'>): Pagination => ({
  limit: page.limit,
  offset: page.offset,
  total: page.total,
  has_more: page.nextCursor !== null,
  next_cursor: page.nextCursor,
});
