import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import type { Calendar } from '../../../application/calendar/read-calendar.use-case.js';
import type { CalendarEvent } from '../../../domain/calendar/calendar-event.js';
import type { LocalDateTime } from '../../../domain/shared/local-date-time.js';

/*
 * A calendar feed written as RFC 5545 text. The time zone definitions come from
 * @touch4it/ical-timezones; the rest is written here because the generators on npm each break a
 * rule the contract asks for: ical-generator writes no DURATION, stamps DTSTAMP in the calendar's
 * zone instead of UTC and moves all-day dates with the process's zone; ical.js folds lines at 75
 * characters, not 75 octets. Tests read the output with ical.js, an independent parser.
 */

const CRLF = '\r\n';
/** The longest a content line may be, in octets, before it is folded (RFC 5545 §3.1). */
const LINE_OCTETS = 75;
const PRODID = '-//workspace-api//calendar feed//EN';

/** Control characters TEXT cannot hold (all but tab; line breaks are escaped before this). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/g;

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
const text = (value: string): string =>
  value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROL, ' ');

/**
 * A content line folded to at most 75 octets per line, each continuation starting with a space,
 * never inside a character's UTF-8 bytes (RFC 5545 §3.1).
 */
export const folded = (line: string): string => {
  if (Buffer.byteLength(line) <= LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > LINE_OCTETS) {
      lines.push(current);
      // The continuation's leading space counts toward its 75.
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
};

const compact = (value: string): string => value.replace(/[-:]/g, '');

/** `20261129T093000Z`. */
const utc = (instant: Date): string => `${compact(instant.toISOString().slice(0, 19))}Z`;

/** `20261129T093000`: a wall-clock time, read in the TZID it is given with. */
const wallClock = (at: LocalDateTime): string => compact(at.slice(0, 19));

/** `20261129`. */
const day = (at: LocalDateTime): string => compact(at.slice(0, 10));

/** `PT1H30M`; `PT0S` for nothing. */
const duration = (seconds: number): string => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts = `${h > 0 ? `${h}H` : ''}${m > 0 ? `${m}M` : ''}${s > 0 ? `${s}S` : ''}`;
  return `PT${parts === '' ? '0S' : parts}`;
};

/**
 * The zone's VTIMEZONE lines and the TZID they define (an alias's is its zone's: `UTC` is
 * `Etc/UTC`), or null when the package has no definition for it.
 */
const timezoneOf = (zone: string): { readonly lines: string[]; readonly tzid: string } | null => {
  const component = getVtimezoneComponent(zone);
  if (component === null) return null;
  const lines = component.split(/\r?\n/).filter((line) => line !== '');
  const tzid = lines.find((line) => line.startsWith('TZID:'))?.slice('TZID:'.length);
  return tzid === undefined ? null : { lines, tzid };
};

/**
 * One event. All-day events start on a DATE and last a day (a DATE start takes a duration in days:
 * RFC 5545 §3.8.2.5); timed ones start in the owner's zone, or float where it has no definition.
 */
const eventLines = (event: CalendarEvent, tzid: string | null, stamp: Date): string[] => [
  'BEGIN:VEVENT',
  `UID:${event.uid}`,
  `DTSTAMP:${utc(stamp)}`,
  event.allDay
    ? `DTSTART;VALUE=DATE:${day(event.start)}`
    : `DTSTART${tzid === null ? '' : `;TZID=${tzid}`}:${wallClock(event.start)}`,
  `DURATION:${event.allDay ? 'P1D' : duration(event.durationSeconds)}`,
  `SUMMARY:${text(event.summary)}`,
  ...(event.description === null ? [] : [`DESCRIPTION:${text(event.description)}`]),
  ...(event.cancelled ? ['STATUS:CANCELLED'] : []),
  `LAST-MODIFIED:${utc(event.lastModified)}`,
  'END:VEVENT',
];

/** The calendar as `text/calendar` (CRLF line ends, folded lines); `stamp` is when it was written. */
export const icalendarOf = (calendar: Calendar, stamp: Date): string => {
  const zone = timezoneOf(calendar.timezone);
  const tzid = zone?.tzid ?? null;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(calendar.name)}`,
    `X-WR-TIMEZONE:${calendar.timezone}`,
    ...(zone?.lines ?? []),
    ...calendar.events.flatMap((event) => eventLines(event, tzid, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(folded).join(CRLF)}${CRLF}`;
};
