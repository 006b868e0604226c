export type DetailCode =
  | 'REQUIRED'
  | 'TOO_LONG'
  | 'INVALID_TYPE'
  | 'OUT_OF_RANGE'
  | 'INVALID_FORMAT'
  | 'UNKNOWN_FIELD'
  | 'UNKNOWN_PARAMETER'
  | 'NOT_FOUND'
  | 'MISMATCH'
  | 'DUPLICATE';

/**
 * The most details one failure lists. A request of any size is answered with a bounded body after
 * bounded work: past this many, the problems are only counted, and the message says how many more.
 */
export const MAX_DETAILS = 100;

/** One failing field of a request, as the error envelope lists it. */
export interface ValidationDetail {
  readonly field: string;
  readonly code: DetailCode;
  readonly message: string;
}

export interface Problem {
  readonly code: DetailCode;
  readonly message: string;
}

export const problem = (code: DetailCode, message: string): Problem => ({ code, message });

export const isProblem = (value: unknown): value is Problem =>
  typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
