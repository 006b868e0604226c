import { type Duration, durationFromSeconds } from '../../../domain/shared/duration.js';
import { type LocalDateTime, parseLocalDateTime } from '../../../domain/shared/local-date-time.js';
import { type Money, moneyFromCents } from '../../../domain/shared/money.js';
import { CorruptRowError } from './row-decoding.js';

/**
 * Domain values from a typed row's columns. The row's types come from the entity definitions; what
 * a column's type cannot say (a time zone, a status among the known ones, a wall-clock date-time)
 * the domain's own parsers check, and a value none accepts means the database holds something this
 * service never wrote: it fails loudly instead of travelling on.
 */
export const domainValue = <V, T>(
  table: string,
  column: string,
  value: V,
  parse: (value: V) => T | null,
): T => {
  const parsed = parse(value);
  if (parsed === null) throw new CorruptRowError(table, column, value);
  return parsed;
};

/** One of a closed set of integers (a status, a priority, a money type). */
export const choice = <N extends number>(
  table: string,
  column: string,
  value: number,
  values: readonly N[],
): N =>
  domainValue(table, column, value, (number) =>
    // trust boundary: `includes` has just said the number is one of them.
    values.includes(number as N) ? (number as N) : null,
  );

/** SQLite keeps booleans as 0 and 1; PostgreSQL as booleans. */
export const flag = (value: boolean | number): boolean => value === true || value === 1;

export const instant = (millis: number): Date => new Date(millis);

export const instantOrNull = (millis: number | null): Date | null =>
  millis === null ? null : new Date(millis);

export const localDateTimeOrNull = (
  table: string,
  column: string,
  text: string | null,
): LocalDateTime | null => (text === null ? null : domainValue(table, column, text, parseLocalDateTime));

export const durationOrNull = (table: string, column: string, seconds: number | null): Duration | null =>
  seconds === null ? null : domainValue(table, column, seconds, durationFromSeconds);

const moneyOf = (cents: number): Money | null => {
  const amount = moneyFromCents(cents);
  return typeof amount === 'number' ? amount : null;
};

export const money = (table: string, column: string, cents: number): Money =>
  domainValue(table, column, cents, moneyOf);

export const moneyOrNull = (table: string, column: string, cents: number | null): Money | null =>
  cents === null ? null : money(table, column, cents);
