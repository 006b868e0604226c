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
  readonly offset: number;
  readonly total: number;
  readonly has_more: boolean;
}

export const pagination = (page: { limit: number; offset: number; total: number }): Pagination => ({
  limit: page.limit,
  offset: page.offset,
  total: page.total,
  has_more: page.offset + page.limit < page.total,
});
