/**
 * Wall-clock date-times as the API speaks them: `YYYY-MM-DD HH:MM:SS`, no zone.
 * Task dates are plans ("on the 3rd at 09:00"), not instants, so they carry no offset.
 */
export type LocalDateTime = string & { readonly LocalDateTime: unique symbol };
/** A calendar day, `YYYY-MM-DD`. */
export type LocalDate = string & { readonly LocalDate: unique symbol };

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const isRealDay = (year: number, month: number, day: number): boolean => {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
};

/** Accepts `YYYY-MM-DD HH:MM:SS`, `YYYY-MM-DDTHH:MM:SS` and `YYYY-MM-DD` (midnight); rejects impossible dates. */
export const parseLocalDateTime = (input: string): LocalDateTime | null => {
  const match = DATE_TIME.exec(input);
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  if (!isRealDay(Number(y), Number(mo), Number(d))) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  return `${y}-${mo}-${d} ${h}:${mi}:${s}` as LocalDateTime;
};

export const parseLocalDate = (input: string): LocalDate | null => {
  const match = DATE_ONLY.exec(input);
  if (!match) return null;
  const [, y, mo, d] = match;
  return isRealDay(Number(y), Number(mo), Number(d)) ? (input as LocalDate) : null;
};

export const dayOf = (value: LocalDateTime): LocalDate => value.slice(0, 10) as LocalDate;

export const startOfDay = (day: LocalDate): LocalDateTime => `${day} 00:00:00` as LocalDateTime;
export const endOfDay = (day: LocalDate): LocalDateTime => `${day} 23:59:59` as LocalDateTime;

export const addDays = (day: LocalDate, days: number): LocalDate => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10) as LocalDate;
};

/** An instant rendered in UTC in the server format (used for created_at, updated_at, completed_at). */
export const formatInstantUtc = (instant: Date): LocalDateTime =>
  instant.toISOString().slice(0, 19).replace('T', ' ') as LocalDateTime;

/** Interprets a server-format date-time as UTC (used for `updated_since`). */
export const localDateTimeAsUtc = (value: LocalDateTime): Date => new Date(`${value.replace(' ', 'T')}Z`);
