import { civilFromDays, type LocalDateTime, spellDay } from '../../../domain/shared/local-date-time.js';
import { twoDigits } from '../../../domain/shared/text.js';

const MS_PER_DAY = 86_400_000;
/** 0001-01-01 and 9999-12-31 in days from 1970-01-01: years the server format spells in 4 digits. */
const FIRST_DAY = -719_162;
const LAST_DAY = 2_932_896;

/**
 * Instants travel in UTC, in the server format `YYYY-MM-DD HH:MM:SS`. Worked out from the epoch
 * milliseconds (`civilFromDays`) rather than asked of the Date six times: a list formats hundreds
 * of them, and this is three times quicker than that, itself three times quicker than `toISOString`.
 */
export const serverInstant = (instant: Date): string => {
  const ms = instant.getTime();
  const days = Math.floor(ms / MS_PER_DAY);
  if (!(days >= FIRST_DAY && days <= LAST_DAY)) return instant.toISOString().slice(0, 19).replace('T', ' ');
  const secondOfDay = Math.floor((ms - days * MS_PER_DAY) / 1000);
  const { year, month, day } = civilFromDays(days);
  return (
    `${spellDay(year, month, day)} ` +
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
