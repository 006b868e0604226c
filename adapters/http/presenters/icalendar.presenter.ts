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
/** Any character `text` changes: a value without one (most titles) is written as it is. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are among them.
const ESCAPED = /[\\;,\u0000-\u0008\u000a-\u001f\u007f]/;

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and line breaks escaped. */
const text = (value: string): string =>
  ESCAPED.test(value)
    ? value
        .replace(/[\\;,]/g, (c) => `\\${c}`)
        .replace(/\r\n|\r|\n/g, '\\n')
        .replace(CONTROL, ' ')
    : value;

/**
 * A UTF-16 code unit is at most three octets in UTF-8, so a line of this many units fits in 75
 * octets whatever it holds, and is not measured.
 */
const ALWAYS_FITS = Math.floor(LINE_OCTETS / 3);

/**
 * A content line folded to at most 75 octets per line, each continuation starting with a space,
 * never inside a character's UTF-8 bytes (RFC 5545 §3.1).
 */
export const folded = (line: string): string => {
  // Octets are never fewer than code units: a line of more than 75 units is folded.
  if (line.length <= ALWAYS_FITS || (line.length <= LINE_OCTETS && Buffer.byteLength(line) <= LINE_OCTETS))
    return line;
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

/** A content line as written: folded, and ended. */
const written = (line: string): string => `${folded(line)}${CRLF}`;

/**
 * One event's lines. All-day events start on a DATE and last a day (a DATE start takes a duration in
 * days: RFC 5545 §3.8.2.5); timed ones start in the owner's zone, or float where it has no
 * definition. `stamp` is the calendar's DTSTAMP line, the same for every event.
 */
const eventText = (event: CalendarEvent, tzid: string | null, stamp: string): string => {
  const start = event.allDay
    ? `DTSTART;VALUE=DATE:${day(event.start)}`
    : `DTSTART${tzid === null ? '' : `;TZID=${tzid}`}:${wallClock(event.start)}`;
  let lines = `BEGIN:VEVENT${CRLF}${written(`UID:${event.uid}`)}${stamp}${written(start)}`;
  lines += written(`DURATION:${event.allDay ? 'P1D' : duration(event.durationSeconds)}`);
  lines += written(`SUMMARY:${text(event.summary)}`);
  if (event.description !== null) lines += written(`DESCRIPTION:${text(event.description)}`);
  if (event.cancelled) lines += `STATUS:CANCELLED${CRLF}`;
  return `${lines}${written(`LAST-MODIFIED:${utc(event.lastModified)}`)}END:VEVENT${CRLF}`;
};

/**
 * The calendar as `text/calendar` (CRLF line ends, folded lines); `stamp` is when it was written.
 * Written as one string, line after line: a feed is thousands of lines.
 */
export const icalendarOf = (calendar: Calendar, stamp: Date): string => {
  const zone = timezoneOf(calendar.timezone);
  const tzid = zone?.tzid ?? null;
  const header = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text(calendar.name)}`,
    `X-WR-TIMEZONE:${calendar.timezone}`,
    ...(zone?.lines ?? []),
  ];
  const stamped = written(`DTSTAMP:${utc(stamp)}`);
  let body = header.map(written).join('');
  for (const event of calendar.events) body += eventText(event, tzid, stamped);
  return `${body}END:VCALENDAR${CRLF}`;
};
