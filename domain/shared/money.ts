/**
 * Money is kept as an integer number of cents so that it is stored and summed exactly;
 * JSON numbers only exist at the edges.
 */
export type Cents = number & { readonly Cents: unique symbol };

export const MONEY_UPPER_BOUND = 1e12;

/** The decimal text of a JSON number, if it has at most two decimal places and no exponent. */
const TWO_DECIMALS = /^(\d+)(?:\.(\d{1,2}))?$/;

export type MoneyProblem = 'INVALID_FORMAT' | 'OUT_OF_RANGE';

/** Converts a non-negative JSON number with at most 2 decimals below 10^12 to cents. */
export const centsFromNumber = (value: number): Cents | MoneyProblem => {
  if (!Number.isFinite(value)) return 'INVALID_FORMAT';
  if (value < 0 || value >= MONEY_UPPER_BOUND) return 'OUT_OF_RANGE';
  const match = TWO_DECIMALS.exec(String(value));
  if (!match) return 'INVALID_FORMAT';
  const [, whole = '0', fraction = ''] = match;
  return (Number(whole) * 100 + Number(fraction.padEnd(2, '0'))) as Cents;
};

export const centsToNumber = (cents: Cents): number => cents / 100;
