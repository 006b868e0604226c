import type { LocalDateTime } from '../../../domain/shared/local-date-time.js';
import { twoDigits } from '../../../domain/shared/text.js';

/**
 * Instants travel in UTC, in the server format `YYYY-MM-DD HH:MM:SS`. Spelled out field by field:
 * a list formats hundreds of them, and this is three times quicker than through `toISOString`.
 */
export const serverInstant = (instant: Date): string => {
  const year = instant.getUTCFullYear();
  if (year < 1000 || year > 9999) return instant.toISOString().slice(0, 19).replace('T', ' ');
  return (
    `${year}-${twoDigits(instant.getUTCMonth() + 1)}-${twoDigits(instant.getUTCDate())} ` +
    `${twoDigits(instant.getUTCHours())}:${twoDigits(instant.getUTCMinutes())}:${twoDigits(instant.getUTCSeconds())}`
  );
};

export const serverInstantOrNull = (instant: Date | null): string | null =>
  instant === null ? null : serverInstant(instant);

/** Wall-clock date-times travel in the server format too. */
export const serverDateTime = (value: LocalDateTime | null): string | null =>
  value === null ? null : value.replace('T', ' ');

/** Booleans travel as the API's 0/1 flags. */
export const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);
