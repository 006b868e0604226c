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

/** The value of a column, as the driver hands it over. */
type Cell = unknown;

const isNull = (value: Cell): value is null | undefined => value === null || value === undefined;

/** Each parser's answer for a value it does not accept. */
const REFUSED = Symbol('refused');
type Refused = typeof REFUSED;

const integerOf = (value: Cell): number | Refused => {
  if (isNull(value)) return REFUSED;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : REFUSED;
};

const textOf = (value: Cell): string | Refused => (typeof value === 'string' ? value : REFUSED);

/** SQLite keeps booleans as 0/1, PostgreSQL as booleans. */
const flagOf = (value: Cell): boolean | Refused => {
  if (value === true || value === 1 || value === '1') return true;
  if (value === false || value === 0 || value === '0') return false;
  return REFUSED;
};

/** Instants are stored as epoch milliseconds. */
const instantOf = (value: Cell): Date | Refused => {
  const millis = integerOf(value);
  return millis === REFUSED ? REFUSED : new Date(millis);
};

/** Wall-clock date-times are stored as `YYYY-MM-DD HH:MM:SS` text, which sorts as time does. */
const localDateTimeOf = (value: Cell): LocalDateTime | Refused => {
  const text = textOf(value);
  return text === REFUSED ? REFUSED : (parseLocalDateTime(text) ?? REFUSED);
};

/** Durations are stored as whole seconds. */
const durationOf = (value: Cell): Duration | Refused => {
  const seconds = integerOf(value);
  return seconds === REFUSED ? REFUSED : (durationFromSeconds(seconds) ?? REFUSED);
};

/** Money is stored as integer cents. */
const moneyOf = (value: Cell): Money | Refused => {
  const cents = integerOf(value);
  if (cents === REFUSED) return REFUSED;
  const amount = moneyFromCents(cents);
  return typeof amount === 'number' ? amount : REFUSED;
};

/**
 * Reads the columns of one row of `table`, each with the parser its meaning needs. Given the
 * table's record type's keys (`RowReader<keyof TaskRecord>`), reading a column the table's schema
 * does not describe is a compile error. Each read looks its column up once: a list reads thousands
 * of cells, and looking a column up by a name the caller passes is the slow part of a read.
 */
export class RowReader<Column extends string = string> {
  private readonly row: Readonly<Partial<Record<string, Cell>>>;

  constructor(
    private readonly table: string,
    row: Row,
  ) {
    // trust boundary: a row is untyped by nature: every column is read through a parser below.
    this.row = row as Readonly<Partial<Record<string, Cell>>>;
  }

  /** `value`, the cell of `column`, parsed; or the row refused as corrupt. */
  private parseCell<T>(column: Column, value: Cell, parse: (value: Cell) => T | Refused): T {
    const parsed = parse(value);
    if (parsed === REFUSED) throw new CorruptRowError(this.table, column, value);
    return parsed;
  }

  private read<T>(column: Column, parse: (value: Cell) => T | Refused): T {
    return this.parseCell(column, this.row[column], parse);
  }

  /** Null for a NULL column, else the column parsed. */
  private readOrNull<T>(column: Column, parse: (value: Cell) => T | Refused): T | null {
    const value = this.row[column];
    return isNull(value) ? null : this.parseCell(column, value, parse);
  }

  integer(column: Column): number {
    return this.read(column, integerOf);
  }

  integerOrNull(column: Column): number | null {
    return this.readOrNull(column, integerOf);
  }

  /** One of a closed set of integers (a status, a priority, a money type). */
  choice<N extends number>(column: Column, values: readonly N[]): N {
    const number = this.integer(column);
    // trust boundary: `includes` has just said the number is one of them.
    if (values.includes(number as N)) return number as N;
    throw new CorruptRowError(this.table, column, this.row[column]);
  }

  text(column: Column): string {
    return this.read(column, textOf);
  }

  textOrNull(column: Column): string | null {
    return this.readOrNull(column, textOf);
  }

  /** Domain text types (a title, a name): the domain's parser decides. */
  parsed<T>(column: Column, parse: (text: string) => T | null): T {
    const parsed = parse(this.text(column));
    if (parsed === null) throw new CorruptRowError(this.table, column, this.row[column]);
    return parsed;
  }

  flag(column: Column): boolean {
    return this.read(column, flagOf);
  }

  instant(column: Column): Date {
    return this.read(column, instantOf);
  }

  instantOrNull(column: Column): Date | null {
    return this.readOrNull(column, instantOf);
  }

  localDateTimeOrNull(column: Column): LocalDateTime | null {
    return this.readOrNull(column, localDateTimeOf);
  }

  duration(column: Column): Duration {
    return this.read(column, durationOf);
  }

  durationOrNull(column: Column): Duration | null {
    return this.readOrNull(column, durationOf);
  }

  money(column: Column): Money {
    return this.read(column, moneyOf);
  }

  moneyOrNull(column: Column): Money | null {
    return this.readOrNull(column, moneyOf);
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
