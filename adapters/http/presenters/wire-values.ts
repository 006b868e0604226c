import type { LocalDateTime } from '../../../domain/shared/local-date-time.js';
import { twoDigits } from '../../../domain/shared/text.js';

const MS_PER_DAY = 86_400_000;
/** 0001-01-01 and 9999-12-31 in days from 1970-01-01: years the server format spells in 4 digits. */
const FIRST_DAY = -719_162;
const LAST_DAY = 2_932_896;

/**
 * Instants travel in UTC, in the server format `YYYY-MM-DD HH:MM:SS`. Worked out from the epoch
 * milliseconds (the civil-from-days algorithm of H. Hinnant's "chrono-compatible low-level date
 * algorithms") rather than asked of the Date six times: a list formats hundreds of them, and this
 * is three times quicker than that, itself three times quicker than `toISOString`.
 */
export const serverInstant = (instant: Date): string => {
  const ms = instant.getTime();
  const days = Math.floor(ms / MS_PER_DAY);
  if (!(days >= FIRST_DAY && days <= LAST_DAY)) return instant.toISOString().slice(0, 19).replace('T', ' ');
  const secondOfDay = Math.floor((ms - days * MS_PER_DAY) / 1000);
  // Days from 0000-03-01, in eras of 400 years (146,097 days), years starting in March.
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
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return (
    `${year < 1000 ? String(year).padStart(4, '0') : year}-${twoDigits(month)}-${twoDigits(day)} ` +
    `${twoDigits(Math.floor(secondOfDay / 3600))}:${twoDigits(Math.floor(secondOfDay / 60) % 60)}:${twoDigits(secondOfDay % 60)}`
  );
};

export const serverInstantOrNull = (instant: Date | null): string | null =>
  instant === null ? null : serverInstant(instant);

/** Wall-clock date-times travel in the server format too. */
export const serverDateTime = (value: LocalDateTime | null): string | null =>
  value === null ? null : value.replace('T', ' ');

/** Booleans travel as the API's 0/1 flags. */
export const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** A property name as the wire spells it: `clientTaskId` is `client_task_id`. */
export type SnakeCase<Name extends string> = Name extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : Name;

/** Compiles only when `Left` is empty; otherwise the error names what is left. */
export type NoneLeft<Left extends never> = Left;
