import type { LocalDate, LocalDateTime } from './local-date-time.js';

/** An IANA time zone name the runtime knows (e.g. `Europe/Kyiv`). */
export type TimeZone = string & { readonly TimeZone: unique symbol };

export const UTC = 'UTC' as TimeZone;

const DAY = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const DAY_AND_TIME = {
  ...DAY,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
} as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and shape, kept (building one is far dearer than using it). */
const formatterIn = (zone: string, shape: typeof DAY | typeof DAY_AND_TIME): Intl.DateTimeFormat => {
  const key = `${zone}|${shape === DAY ? 'day' : 'time'}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone: zone, ...shape });
    formatters.set(key, formatter);
  }
  return formatter;
};

/** The named parts of `instant` as a clock in `zone` shows them. */
const partsIn = (zone: string, shape: typeof DAY | typeof DAY_AND_TIME, instant: Date) => {
  const parts = formatterIn(zone, shape).formatToParts(instant);
  return (type: string) => parts.find((p) => p.type === type)?.value ?? '';
};

export const parseTimeZone = (input: string): TimeZone | null => {
  try {
    formatterIn(input, DAY);
    return input as TimeZone;
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
};

/** UTC (the default zone) needs no formatter: the ISO form already is its wall clock. */
const isoInUtc = (zone: TimeZone, instant: Date): string | null => {
  const year = instant.getUTCFullYear();
  return zone === UTC && year >= 1000 && year <= 9999 ? instant.toISOString() : null;
};

/** The calendar day an instant falls on for someone living in `zone`. */
export const localDayIn = (zone: TimeZone, instant: Date): LocalDate => {
  const iso = isoInUtc(zone, instant);
  if (iso !== null) return iso.slice(0, 10) as LocalDate;
  const part = partsIn(zone, DAY, instant);
  return `${part('year')}-${part('month')}-${part('day')}` as LocalDate;
};

/** What a clock on the wall in `zone` shows at `instant` (whole seconds). */
export const wallClockIn = (zone: TimeZone, instant: Date): LocalDateTime => {
  const iso = isoInUtc(zone, instant);
  if (iso !== null) return iso.slice(0, 19) as LocalDateTime;
  const part = partsIn(zone, DAY_AND_TIME, instant);
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}` as LocalDateTime;
};
