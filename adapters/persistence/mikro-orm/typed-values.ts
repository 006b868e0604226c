import { type Duration, durationFromSeconds } from '../../../domain/shared/duration.js';
import {
  endOfDay,
  type LocalDate,
  type LocalDateTime,
  parseLocalDateTime,
  startOfDay,
} from '../../../domain/shared/local-date-time.js';
import { type Money, moneyFromCents, moneyToCents } from '../../../domain/shared/money.js';

/** A value no parser of the domain accepts: the database holds something this service never wrote. */
export class CorruptRowError extends Error {
  constructor(table: string, column: string, value: unknown) {
    super(`${table}.${column} holds a value this service cannot read: ${JSON.stringify(value)}`);
    this.name = 'CorruptRowError';
  }
}

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

export const duration = (table: string, column: string, seconds: number): Duration =>
  domainValue(table, column, seconds, durationFromSeconds);

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

/** Wall-clock time as the columns spell it: `YYYY-MM-DD HH:MM:SS`, which sorts as text. */
const spelled = (value: LocalDateTime): string => value.replace('T', ' ');

export const storedDateTime = (value: LocalDateTime | null): string | null =>
  value === null ? null : spelled(value);

/** A day's first and last second in the column's spelling: bounds for an inclusive range of days. */
export const storedDayStart = (day: LocalDate): string => spelled(startOfDay(day));
export const storedDayEnd = (day: LocalDate): string => spelled(endOfDay(day));

export const storedMoney = (amount: Money | null): number | null =>
  amount === null ? null : moneyToCents(amount);
