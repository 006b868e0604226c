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

/**
 * Reads the columns of one row of `table`, each with the parser its meaning needs. Given the
 * table's record type's keys (`RowReader<keyof TaskRecord>`), reading a column the table's schema
 * does not describe is a compile error.
 */
export class RowReader<Column extends string = string> {
  private readonly row: Readonly<Partial<Record<string, unknown>>>;

  constructor(
    private readonly table: string,
    row: Row,
  ) {
    // trust boundary: a row is untyped by nature: every column is read through a parser below.
    this.row = row as Readonly<Partial<Record<string, unknown>>>;
  }

  private fail(column: Column): never {
    throw new CorruptRowError(this.table, column, this.row[column]);
  }

  private present(column: Column): unknown {
    const value = this.row[column];
    return value === undefined || value === null ? this.fail(column) : value;
  }

  private isNull(column: Column): boolean {
    const value = this.row[column];
    return value === null || value === undefined;
  }

  integer(column: Column): number {
    const value = Number(this.present(column));
    return Number.isSafeInteger(value) ? value : this.fail(column);
  }

  integerOrNull(column: Column): number | null {
    return this.isNull(column) ? null : this.integer(column);
  }

  /** One of a closed set of integers (a status, a priority, a money type). */
  choice<N extends number>(column: Column, values: readonly N[]): N {
    const value = this.integer(column);
    return values.find((v) => v === value) ?? this.fail(column);
  }

  text(column: Column): string {
    const value = this.present(column);
    return typeof value === 'string' ? value : this.fail(column);
  }

  textOrNull(column: Column): string | null {
    return this.isNull(column) ? null : this.text(column);
  }

  /** Domain text types (a title, a name): the domain's parser decides. */
  parsed<T>(column: Column, parse: (text: string) => T | null): T {
    return parse(this.text(column)) ?? this.fail(column);
  }

  /** SQLite keeps booleans as 0/1, PostgreSQL as booleans. */
  flag(column: Column): boolean {
    const value = this.present(column);
    if (value === true || value === 1 || value === '1') return true;
    if (value === false || value === 0 || value === '0') return false;
    return this.fail(column);
  }

  /** Instants are stored as epoch milliseconds. */
  instant(column: Column): Date {
    return new Date(this.integer(column));
  }

  instantOrNull(column: Column): Date | null {
    return this.isNull(column) ? null : this.instant(column);
  }

  /** Wall-clock date-times are stored as `YYYY-MM-DD HH:MM:SS` text, which sorts as time does. */
  localDateTimeOrNull(column: Column): LocalDateTime | null {
    return this.isNull(column) ? null : this.parsed(column, parseLocalDateTime);
  }

  /** Durations are stored as whole seconds. */
  duration(column: Column): Duration {
    return durationFromSeconds(this.integer(column)) ?? this.fail(column);
  }

  durationOrNull(column: Column): Duration | null {
    return this.isNull(column) ? null : this.duration(column);
  }

  /** Money is stored as integer cents. */
  money(column: Column): Money {
    const amount = moneyFromCents(this.integer(column));
    return typeof amount === 'number' ? amount : this.fail(column);
  }

  moneyOrNull(column: Column): Money | null {
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
