import { addDays, type LocalDate } from '../shared/local-date-time.js';

/**
 * How many completions that still stand (not taken back) a user has on each local day.
 * Everything streak- and count-related is derived from it.
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

export const standingCompletions = (ledger: CompletionLedger): number => {
  let total = 0;
  for (const count of ledger.values()) total += count;
  return total;
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
