import ICAL from 'ical.js';

/** One VEVENT as an independent parser (ical.js) reads it. */
export interface ParsedEvent {
  readonly uid: string;
  readonly summary: string;
  readonly description: string | null;
  /** As written: `2026-12-01T10:00:00` for a time, `2026-12-01` for a date. */
  readonly start: string;
  readonly startZone: string | null;
  readonly allDay: boolean;
  readonly duration: string;
  readonly status: string | null;
  /** The UTC stamps as their raw text (they must end in Z). */
  readonly lastModified: string;
  readonly stamp: string;
}

export interface ParsedCalendar {
  readonly version: string;
  readonly prodId: string;
  readonly name: string;
  readonly timezones: readonly string[];
  readonly events: readonly ParsedEvent[];
}

const textOf = (component: ICAL.Component, name: string): string | null => {
  const value = component.getFirstPropertyValue(name);
  return value === null ? null : String(value);
};

/** The raw text of a property's value in `text`, as written (before any parsing). */
const rawValue = (unfolded: string, uid: string, name: string): string => {
  const event = unfolded.split('BEGIN:VEVENT').find((block) => block.includes(`UID:${uid}\r\n`)) ?? '';
  const line = event.split('\r\n').find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`)) ?? '';
  return line.slice(line.indexOf(':') + 1);
};

/** Reads a calendar with ical.js; it throws on text that is not iCalendar. */
export const parseCalendar = (text: string): ParsedCalendar => {
  const root = new ICAL.Component(ICAL.parse(text));
  const unfolded = text.replace(/\r\n /g, '');
  return {
    version: String(root.getFirstPropertyValue('version')),
    prodId: String(root.getFirstPropertyValue('prodid')),
    name: String(root.getFirstPropertyValue('x-wr-calname')),
    timezones: root
      .getAllSubcomponents('vtimezone')
      .map((zone) => String(zone.getFirstPropertyValue('tzid'))),
    events: root.getAllSubcomponents('vevent').map((event) => {
      const start = event.getFirstProperty('dtstart');
      const startValue = start?.getFirstValue() as ICAL.Time;
      const uid = String(event.getFirstPropertyValue('uid'));
      return {
        uid,
        summary: String(event.getFirstPropertyValue('summary')),
        description: textOf(event, 'description'),
        start: startValue.toString(),
        startZone: start?.getParameter('tzid')?.toString() ?? null,
        allDay: startValue.isDate,
        duration: String(event.getFirstPropertyValue('duration')),
        status: textOf(event, 'status'),
        lastModified: rawValue(unfolded, uid, 'LAST-MODIFIED'),
        stamp: rawValue(unfolded, uid, 'DTSTAMP'),
      };
    }),
  };
};
