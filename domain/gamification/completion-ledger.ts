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
