import { twoDigits } from './text.js';

/** A span of time in whole seconds (`time_planned`, `time_really`). */
export type Duration = number & { readonly Duration: unique symbol };

const DURATION = /^(\d{1,4}):([0-5]\d):([0-5]\d)$/;

/** Accepts `H:MM:SS` with hours 0..9999. */
export const parseDuration = (input: string): Duration | null => {
  const match = DURATION.exec(input);
  if (!match) return null;
  const [, h, m, s] = match;
  return (Number(h) * 3600 + Number(m) * 60 + Number(s)) as Duration;
};

/** Renders with at least two hour digits: `01:30:00`, `125:00:00`. */
export const formatDuration = (seconds: number): string => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${twoDigits(h)}:${twoDigits(m)}:${twoDigits(seconds % 60)}`;
};

/** The longest span the API takes: 9999:59:59. */
export const MAX_DURATION_SECONDS = 9999 * 3600 + 59 * 60 + 59;

export const durationFromSeconds = (seconds: number): Duration | null =>
  Number.isInteger(seconds) && seconds >= 0 && seconds <= MAX_DURATION_SECONDS ? (seconds as Duration) : null;
