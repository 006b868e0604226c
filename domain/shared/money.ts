/**
 * An amount of money as a decimal number with at most two decimal places, below 10^12. Every such
 * amount is exactly `cents / 100` for an integer number of cents below 2^53, so storage keeps
 * integer cents and nothing is lost either way.
 */
export type Money = number & { readonly Money: unique symbol };

export const MONEY_UPPER_BOUND = 1e12;

/** The decimal text of a JSON number, if it has at most two decimal places and no exponent. */
const TWO_DECIMALS = /^(\d+)(?:\.(\d{1,2}))?$/;

export type MoneyProblem = 'INVALID_FORMAT' | 'OUT_OF_RANGE';

/** Below zero, or at or past the bound. */
const outOfRange = (value: number): boolean => value < 0 || value >= MONEY_UPPER_BOUND;

/** Accepts a non-negative finite number with at most 2 decimals below 10^12. */
export const parseMoney = (value: number): Money | MoneyProblem => {
  if (!Number.isFinite(value)) return 'INVALID_FORMAT';
  if (outOfRange(value)) return 'OUT_OF_RANGE';
  return TWO_DECIMALS.test(String(value)) ? (value as Money) : 'INVALID_FORMAT';
};

/** Exact: the amount has at most two decimals, so rounding only removes binary noise. */
export const moneyToCents = (amount: Money): number => Math.round(amount * 100);

export const moneyFromCents = (cents: number): Money | MoneyProblem => {
  if (!Number.isSafeInteger(cents)) return 'INVALID_FORMAT';
  // Whole cents over 100 have at most two decimals: the division rounds to the double nearest the
  // exact quotient, which is the one its two-decimal spelling reads as. Only the range is left.
  const amount = cents / 100;
  return outOfRange(amount) ? 'OUT_OF_RANGE' : (amount as Money);
};
