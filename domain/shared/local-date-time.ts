import { twoDigits } from './text.js';

/**
 * Wall-clock date-times: `YYYY-MM-DDTHH:MM:SS`, no zone. Task dates are plans ("on the 3rd at
 * 09:00"), not instants, so they carry no offset. How they are spelled on the wire or in a table
 * is the business of the adapters.
 */
export type LocalDateTime = string & { readonly LocalDateTime: unique symbol };
/** A calendar day, `YYYY-MM-DD`. */
export type LocalDate = string & { readonly LocalDate: unique symbol };

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

const isRealDay = (year: number, month: number, day: number): boolean => {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return day <= daysInMonth;
};

/** The number written by the `length` ASCII digits at `at`, or -1 when any of them is not a digit. */
const digitsAt = (input: string, at: number, length: number): number => {
  let value = 0;
  for (let i = at; i < at + length; i++) {
    const digit = input.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
};

const DASH = 45;
const COLON = 58;
const SPACE = 32;
const LETTER_T = 84;

/**
 * Accepts `YYYY-MM-DD HH:MM:SS`, `YYYY-MM-DDTHH:MM:SS` and `YYYY-MM-DD` (midnight); rejects impossible
 * dates. Read character by character rather than with a pattern: every row of a list is read
 * through here (a spec holds it to the pattern it replaced).
 */
export const parseLocalDateTime = (input: string): LocalDateTime | null => {
  if (input.length !== 10 && input.length !== 19) return null;
  const year = digitsAt(input, 0, 4);
  const month = digitsAt(input, 5, 2);
  const day = digitsAt(input, 8, 2);
  if (year < 0 || month < 0 || day < 0 || input.charCodeAt(4) !== DASH || input.charCodeAt(7) !== DASH)
    return null;
  if (!isRealDay(year, month, day)) return null;
  if (input.length === 10) return `${input}T00:00:00` as LocalDateTime;
  const separator = input.charCodeAt(10);
  if (separator !== SPACE && separator !== LETTER_T) return null;
  const hours = digitsAt(input, 11, 2);
  const minutes = digitsAt(input, 14, 2);
  const seconds = digitsAt(input, 17, 2);
  if (
    hours < 0 ||
    minutes < 0 ||
    seconds < 0 ||
    input.charCodeAt(13) !== COLON ||
    input.charCodeAt(16) !== COLON
  )
    return null;
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return (separator === LETTER_T ? input : `${input.slice(0, 10)}T${input.slice(11)}`) as LocalDateTime;
};

export const parseLocalDate = (input: string): LocalDate | null => {
  const match = DATE_ONLY.exec(input);
  if (!match) return null;
  const [, y, mo, d] = match;
  return isRealDay(Number(y), Number(mo), Number(d)) ? (input as LocalDate) : null;
};

export const dayOf = (value: LocalDateTime): LocalDate => value.slice(0, 10) as LocalDate;

export const startOfDay = (day: LocalDate): LocalDateTime => `${day}T00:00:00` as LocalDateTime;
export const endOfDay = (day: LocalDate): LocalDateTime => `${day}T23:59:59` as LocalDateTime;

/**
 * Days from 1970-01-01 to a proleptic Gregorian date, and back (H. Hinnant's "chrono-compatible
 * low-level date algorithms", in eras of 400 years of 146,097 days, years starting in March).
 * Plain arithmetic: a streak steps back a day at a time, and asking a `Date` for each step (parse,
 * build, `toISOString`) would cost every status change that much more.
 */
export const daysFromCivil = (year: number, month: number, day: number): number => {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
};

export const civilFromDays = (days: number): { year: number; month: number; day: number } => {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  return {
    year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0),
    month,
    day: dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1,
  };
};

/** `YYYY-MM-DD` of a date whose year has four digits. */
export const spellDay = (year: number, month: number, day: number): LocalDate =>
  `${year < 1000 ? String(year).padStart(4, '0') : year}-${twoDigits(month)}-${twoDigits(day)}` as LocalDate;

export const addDays = (day: LocalDate, days: number): LocalDate => {
  const date = civilFromDays(
    daysFromCivil(digitsAt(day, 0, 4), digitsAt(day, 5, 2), digitsAt(day, 8, 2)) + days,
  );
  return spellDay(date.year, date.month, date.day);
};

/**
 * A wall-clock field given as RFC 3339 with a zone: an instant whose wall-clock value depends on
 * whose clock reads it, so it waits for the owner's timezone (`wallClockIn`) before it is stored.
 */
export class ZonedDateTime {
  constructor(readonly instant: Date) {}
}

/** A wall-clock field as given: local text, or an instant with its zone. */
export type WallClockInput = LocalDateTime | ZonedDateTime;

const ZONED = /(?:Z|[+-]\d{2}:\d{2})$/i;

/** `YYYY-MM-DD[ T]HH:MM:SS`, a bare day, or RFC 3339 with a zone (fractional seconds allowed there). */
export const parseWallClock = (input: string): WallClockInput | null => {
  if (!ZONED.test(input)) return parseLocalDateTime(input);
  const instant = /[ Tt]\d{2}:\d{2}:\d{2}/.test(input) ? parseInstant(input) : null;
  return instant === null ? null : new ZonedDateTime(instant);
};

const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}:\d{2})(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?)?$/i;

/**
 * An instant from text: RFC 3339 with a zone (`2026-11-22T14:00:00Z`, `…+02:00`, fractions allowed),
 * or a date-time or day without one, read as UTC. Impossible dates are rejected.
 */
export const parseInstant = (input: string): Date | null => {
  const match = INSTANT.exec(input);
  if (!match) return null;
  const [, day = '', time = '00:00:00', fraction = '', zone = 'Z'] = match;
  if (parseLocalDateTime(`${day} ${time}`) === null) return null;
  const instant = new Date(`${day}T${time}${fraction.slice(0, 4)}${zone.toUpperCase()}`);
  return Number.isNaN(instant.getTime()) ? null : instant;
};
