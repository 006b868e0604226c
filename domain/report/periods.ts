import { civilFromDays, daysFromCivil, type LocalDateTime } from '../shared/local-date-time.js';

/** The periods a report groups records by, from their wall-clock `date`. */
export const PERIODS = ['day', 'week', 'month', 'year'] as const;
export type Period = (typeof PERIODS)[number];

export const isPeriod = (key: string): key is Period => PERIODS.some((period) => period === key);

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/**
 * The ISO 8601 week of a day, `YYYY-Www`: weeks start on Monday, and week 1 is the one holding the
 * year's first Thursday, so the first days of January may belong to the last week of the year before.
 */
const isoWeek = (year: number, month: number, day: number): string => {
  const days = daysFromCivil(year, month, day);
  // 1970-01-01 was a Thursday: (days + 3) mod 7 counts from Monday.
  const weekday = (((days + 3) % 7) + 7) % 7;
  const thursday = days - weekday + 3;
  const weekYear = civilFromDays(thursday).year;
  const week = Math.floor((thursday - daysFromCivil(weekYear, 1, 1)) / 7) + 1;
  return `${weekYear}-W${twoDigits(week)}`;
};

/** The period a wall-clock date falls in, spelled as the reports answer it. */
export const periodOf = (date: LocalDateTime, period: Period): string => {
  switch (period) {
    case 'day':
      return date.slice(0, 10);
    case 'month':
      return date.slice(0, 7);
    case 'year':
      return date.slice(0, 4);
    case 'week':
      return isoWeek(Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10)));
  }
};
