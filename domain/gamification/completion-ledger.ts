import { addDays, type LocalDate } from '../shared/local-date-time.js';

/**
 * How many completions that still stand (not taken back) a user has on each local day, over a
 * recent window: at least today, the current streak and the day before it. Streaks and today's
 * count are derived from it; the all-time count lives in the profile, so that neither needs
 * every completion a user ever made.
 */
export type CompletionLedger = ReadonlyMap<LocalDate, number>;

export const withCompletion = (ledger: CompletionLedger, day: LocalDate): CompletionLedger =>
  new Map(ledger).set(day, (ledger.get(day) ?? 0) + 1);

export const withoutCompletion = (ledger: CompletionLedger, day: LocalDate): CompletionLedger => {
  const next = new Map(ledger);
  const remaining = (ledger.get(day) ?? 0) - 1;
  if (remaining > 0) next.set(day, remaining);
  else next.delete(day);
  return next;
};

/** Consecutive days with a standing completion, ending today or yesterday; else 0. */
export const streakEndingAt = (ledger: CompletionLedger, today: LocalDate): number => {
  let day = ledger.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (ledger.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
};

/**
 * How many days back a status change first reads a user's ledger. A streak longer than that is
 * rare, so one read of about two months serves nearly every change; `coversStreak` says when it
 * does not, and the window is widened (doubled) until it does.
 */
export const FIRST_LEDGER_WINDOW_DAYS = 64;

/**
 * Whether a ledger read from `since` on holds the whole current streak: not when the streak reaches
 * back to the window's first day, since it may go on before it.
 */
export const coversStreak = (ledger: CompletionLedger, today: LocalDate, since: LocalDate): boolean => {
  const streak = streakEndingAt(ledger, today);
  const end = ledger.has(today) ? today : addDays(today, -1);
  return streak === 0 || addDays(end, 1 - streak) > since;
};
