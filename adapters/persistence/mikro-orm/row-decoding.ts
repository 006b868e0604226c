import { type Duration, durationFromSeconds } from '../../../domain/shared/duration.js';
import {
  endOfDay,
  type LocalDate,
  type LocalDateTime,
  parseLocalDateTime,
  startOfDay,
} from '../../../domain/shared/local-date-time.js';
import { type Money, moneyFromCents, moneyToCents } from '../../../domain/shared/money.js';

/**
 * Rows reach the mappers from MikroORM (typed) and from raw prepared statements (PostgreSQL hands
 * BIGINT over as text, SQLite booleans as 0/1), so every column is decoded here, with the domain's
 * own parsers. A value no parser accepts means the database holds something this service never
 * wrote: it fails loudly instead of travelling on.
 */
export class CorruptRowError extends Error {
  constructor(table: string, column: string, value: unknown) {
    super(`${table}.${column} holds a value this service cannot read: ${JSON.stringify(value)}`);
    this.name = 'CorruptRowError';
  }
}

/** A row as a driver or MikroORM hands it over: its columns, as properties. */
export type Row = object;

/** Reads the columns of one row of `table`, each with the parser its meaning needs. */
export class RowReader {
  private readonly row: Readonly<Partial<Record<string, unknown>>>;

  constructor(
    private readonly table: string,
    row: Row,
  ) {
    // trust boundary: a row is untyped by nature: every column is read through a parser below.
    this.row = row as Readonly<Partial<Record<string, unknown>>>;
  }

  private fail(column: string): never {
    throw new CorruptRowError(this.table, column, this.row[column]);
  }

  private present(column: string): unknown {
    const value = this.row[column];
    return value === undefined || value === null ? this.fail(column) : value;
  }

  private isNull(column: string): boolean {
    const value = this.row[column];
    return value === null || value === undefined;
  }

  integer(column: string): number {
    const value = Number(this.present(column));
    return Number.isSafeInteger(value) ? value : this.fail(column);
  }

  integerOrNull(column: string): number | null {
    return this.isNull(column) ? null : this.integer(column);
  }

  /** One of a closed set of integers (a status, a priority, a money type). */
  choice<N extends number>(column: string, values: readonly N[]): N {
    const value = this.integer(column);
    return values.find((v) => v === value) ?? this.fail(column);
  }

  text(column: string): string {
    const value = this.present(column);
    return typeof value === 'string' ? value : this.fail(column);
  }

  textOrNull(column: string): string | null {
    return this.isNull(column) ? null : this.text(column);
  }

  /** Domain text types (a title, a name): the domain's parser decides. */
  parsed<T>(column: string, parse: (text: string) => T | null): T {
    return parse(this.text(column)) ?? this.fail(column);
  }

  /** SQLite keeps booleans as 0/1, PostgreSQL as booleans. */
  flag(column: string): boolean {
    const value = this.present(column);
    if (value === true || value === 1 || value === '1') return true;
    if (value === false || value === 0 || value === '0') return false;
    return this.fail(column);
  }

  /** Instants are stored as epoch milliseconds. */
  instant(column: string): Date {
    return new Date(this.integer(column));
  }

  instantOrNull(column: string): Date | null {
    return this.isNull(column) ? null : this.instant(column);
  }

  /** Wall-clock date-times are stored as `YYYY-MM-DD HH:MM:SS` text, which sorts as time does. */
  localDateTimeOrNull(column: string): LocalDateTime | null {
    return this.isNull(column) ? null : this.parsed(column, parseLocalDateTime);
  }

  /** Durations are stored as whole seconds. */
  duration(column: string): Duration {
    return durationFromSeconds(this.integer(column)) ?? this.fail(column);
  }

  durationOrNull(column: string): Duration | null {
    return this.isNull(column) ? null : this.duration(column);
  }

  /** Money is stored as integer cents. */
  money(column: string): Money {
    const amount = moneyFromCents(this.integer(column));
    return typeof amount === 'number' ? amount : this.fail(column);
  }

  moneyOrNull(column: string): Money | null {
    return this.isNull(column) ? null : this.money(column);
  }
}

/** How a wall-clock date-time is kept in a column: the server format, which sorts as time does. */
/** Wall-clock time as the columns spell it: `YYYY-MM-DD HH:MM:SS`, which sorts as text. */
const spelled = (value: LocalDateTime): string => value.replace('T', ' ');

export const storedDateTime = (value: LocalDateTime | null): string | null =>
  value === null ? null : spelled(value);

/** A day's first and last second in the column's spelling: bounds for an inclusive range of days. */
export const storedDayStart = (day: LocalDate): string => spelled(startOfDay(day));
export const storedDayEnd = (day: LocalDate): string => spelled(endOfDay(day));

export const storedMoney = (amount: Money | null): number | null =>
  amount === null ? null : moneyToCents(amount);
