import type { LocalDateTime } from '../../../domain/shared/local-date-time.js';

/** Instants travel in UTC, in the server format `YYYY-MM-DD HH:MM:SS`. */
export const serverInstant = (instant: Date): string => instant.toISOString().slice(0, 19).replace('T', ' ');

export const serverInstantOrNull = (instant: Date | null): string | null =>
  instant === null ? null : serverInstant(instant);

/** Wall-clock date-times travel in the server format too. */
export const serverDateTime = (value: LocalDateTime | null): string | null =>
  value === null ? null : value.replace('T', ' ');

/** Booleans travel as the API's 0/1 flags. */
export const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);
