import { expect } from 'chai';
import { folded, icalendarOf } from '../../../adapters/http/presenters/icalendar.presenter.js';
import type { CalendarEvent } from '../../../domain/calendar/calendar-event.js';
import { localDateTime, timeZone } from '../../support/builders.js';
import { parseCalendar } from '../../support/icalendar.js';

const octets = (line: string) => Buffer.byteLength(line);

const event = (fields: Partial<CalendarEvent>): CalendarEvent => ({
  uid: 'task-1@workspace-api',
  summary: 'Review',
  description: null,
  start: localDateTime('2026-12-01T10:00:00'),
  allDay: false,
  durationSeconds: 5400,
  cancelled: false,
  lastModified: new Date('2026-11-29T08:30:05.123Z'),
  ...fields,
});

/** RFC 5545 §3.1 and §3.3.11: what the feed's writer owes every calendar app. */
describe('iCalendar text: folding, escaping, dates and zones', () => {
  it('leaves a line of 75 octets whole and folds one of 76, the continuation starting with a space', () => {
    expect(folded('a'.repeat(75))).to.equal('a'.repeat(75));
    const lines = folded('a'.repeat(76)).split('\r\n');
    expect(lines).to.deep.equal(['a'.repeat(75), ' a']);
  });

  it('never splits the octets of one character, whatever its width', () => {
    for (const char of ['é', '✓', '😀']) {
      const lines = folded(`SUMMARY:${char.repeat(60)}`).split('\r\n');
      for (const line of lines) expect(octets(line), char).to.be.at.most(75);
      expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).to.equal(
        `SUMMARY:${char.repeat(60)}`,
      );
    }
  });

  it('writes stamps in UTC with Z, durations as RFC 5545 spells them, and a zone it has no definition of as floating times', () => {
    const text = icalendarOf(
      {
        name: 'n',
        timezone: timeZone('America/Ciudad_Juarez'),
        version: '1',
        events: [event({ durationSeconds: 0 }), event({ uid: 'b', durationSeconds: 3661 })],
      },
      new Date('2026-11-29T09:00:00.999Z'),
    );
    expect(text).to.contain('DTSTAMP:20261129T090000Z\r\n');
    expect(text).to.contain('LAST-MODIFIED:20261129T083005Z\r\n');
    expect(text).to.contain('DURATION:PT0S\r\n');
    expect(text).to.contain('DURATION:PT1H1M1S\r\n');
    expect(text).not.to.contain('BEGIN:VTIMEZONE');
    expect(text).to.contain('DTSTART:20261201T100000\r\n');
    expect(parseCalendar(text).events).to.have.length(2);
  });

  it("names in every DTSTART the TZID its VTIMEZONE defines, an alias's zone too", () => {
    for (const [zone, tzid] of [
      ['UTC', 'Etc/UTC'],
      ['Asia/Calcutta', 'Asia/Kolkata'],
      ['Europe/Berlin', 'Europe/Berlin'],
    ] as const) {
      const text = icalendarOf(
        { name: 'n', timezone: timeZone(zone), version: '1', events: [event({})] },
        new Date(),
      );
      expect(text, zone).to.contain(`\r\nBEGIN:VTIMEZONE\r\nTZID:${tzid}\r\n`);
      expect(text, zone).to.contain(`DTSTART;TZID=${tzid}:20261201T100000\r\n`);
      expect(parseCalendar(text).events[0]?.startZone, zone).to.equal(tzid);
    }
  });

  it('keeps no control character a TEXT value cannot hold', () => {
    const text = icalendarOf(
      {
        name: 'n',
        timezone: timeZone('UTC'),
        version: '1',
        events: [event({ summary: 'a\u0001b\u007fc\td' })],
      },
      new Date(),
    );
    expect(parseCalendar(text).events[0]?.summary).to.equal('a b c\td');
  });
});
