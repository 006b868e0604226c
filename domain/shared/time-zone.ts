import type { LocalDate, LocalDateTime } from './local-date-time.js';

/** An IANA time zone name the runtime knows (e.g. `Europe/Kyiv`). */
export type TimeZone = string & { readonly TimeZone: unique symbol };

export const UTC = 'UTC' as TimeZone;

const formatters = new Map<string, Intl.DateTimeFormat>();

const dayFormatter = (zone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
};

export const parseTimeZone = (input: string): TimeZone | null => {
  try {
    dayFormatter(input);
    return input as TimeZone;
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
};

/** The calendar day an instant falls on for someone living in `zone`. */
export const localDayIn = (zone: TimeZone, instant: Date): LocalDate => {
  const parts = dayFormatter(zone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}` as LocalDate;
};

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

const wallClockFormatter = (zone: string): Intl.DateTimeFormat => {
  let formatter = wallClockFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormatters.set(zone, formatter);
  }
  return formatter;
};

/** What a clock on the wall in `zone` shows at `instant` (whole seconds). */
export const wallClockIn = (zone: TimeZone, instant: Date): LocalDateTime => {
  const parts = wallClockFormatter(zone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}` as LocalDateTime;
};
