import { expect } from 'chai';
import fc from 'fast-check';
import * as E from 'fp-ts/lib/Either.js';
import { type Duration, formatDuration, parseDuration } from '../../domain/shared/duration.js';
import {
  addDays,
  civilFromDays,
  daysFromCivil,
  parseInstant,
  parseLocalDate,
  parseLocalDateTime,
  parseWallClock,
  ZonedDateTime,
} from '../../domain/shared/local-date-time.js';
import { type Money, moneyFromCents, moneyToCents, parseMoney } from '../../domain/shared/money.js';
import { localDayIn, parseTimeZone, UTC, wallClockIn } from '../../domain/shared/time-zone.js';
import { parseTaskTitle } from '../../domain/task/task-title.js';
import { localDate, timeZone } from '../support/builders.js';

describe('domain value objects', () => {
  describe('local date-times', () => {
    it('accepts the server format, the T form and a bare day (midnight), and keeps the T form', () => {
      expect(parseLocalDateTime('2026-03-01 09:05:00')).to.equal('2026-03-01T09:05:00');
      expect(parseLocalDateTime('2026-03-01T09:05:00')).to.equal('2026-03-01T09:05:00');
      expect(parseLocalDateTime('2026-03-01')).to.equal('2026-03-01T00:00:00');
    });

    it('rejects impossible dates and times', () => {
      for (const bad of [
        '2026-02-30',
        '2025-02-29 10:00:00',
        '2026-13-01',
        '2026-01-01 24:00:00',
        '2026-01-01 10:60:00',
        '1900-02-29',
        '2026-04-31',
        '2026-00-10',
        '2026-01-00',
      ]) {
        expect(parseLocalDateTime(bad), bad).to.equal(null);
      }
      expect(parseLocalDateTime('2024-02-29 23:59:59')).to.equal('2024-02-29T23:59:59');
      expect(parseLocalDateTime('2000-02-29')).to.equal('2000-02-29T00:00:00');
      expect(parseLocalDateTime('2026-12-31')).to.equal('2026-12-31T00:00:00');
    });

    it('rejects other shapes, including zones and fractions', () => {
      for (const bad of [
        '2026-3-1',
        '2026-03-01 9:00:00',
        '2026-03-01T09:00:00Z',
        '2026-03-01 09:00:00.5',
        '',
      ]) {
        expect(parseLocalDateTime(bad), bad).to.equal(null);
      }
    });

    it('reads exactly what the pattern it replaced reads, and spells it the same', () => {
      // The reference: the regular expression parseLocalDateTime was written with, and its checks.
      const PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;
      const reference = (input: string): string | null => {
        const match = PATTERN.exec(input);
        if (!match) return null;
        const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
        const [year, month, date] = [Number(y), Number(mo), Number(d)];
        const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
        const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
        if (month < 1 || month > 12 || date < 1 || date > monthDays) return null;
        if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
        return `${y}-${mo}-${d}T${h}:${mi}:${s}`;
      };
      // Strings shaped like date-times, with any character anywhere, and plain arbitrary strings.
      const character = fc.constantFrom(...'0123456789-: T/Z.x\u0660\u0966');
      const shaped = fc
        .tuple(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 0, max: 13 }),
          fc.integer({ min: 0, max: 32 }),
        )
        .chain(([y, mo, d]) =>
          fc.tuple(
            fc.constant(
              `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`,
            ),
            fc.option(
              fc.tuple(
                fc.constantFrom(' ', 'T', 't', '_'),
                fc.integer({ min: 0, max: 99 }),
                fc.integer({ min: 0, max: 99 }),
                fc.integer({ min: 0, max: 99 }),
              ),
            ),
          ),
        )
        .map(([day, time]) =>
          time === null
            ? day
            : `${day}${time[0]}${String(time[1]).padStart(2, '0')}:${String(time[2]).padStart(2, '0')}:${String(time[3]).padStart(2, '0')}`,
        );
      const mutated = fc
        .tuple(shaped, fc.nat(), character)
        .map(
          ([text, at, c]) =>
            text.slice(0, at % (text.length + 1)) + c + text.slice((at % (text.length + 1)) + 1),
        );
      fc.assert(
        fc.property(fc.oneof(shaped, mutated, fc.string({ maxLength: 20 })), (input) => {
          expect(parseLocalDateTime(input), input).to.equal(reference(input));
        }),
        { numRuns: 20_000 },
      );
    });

    it('reads instants as RFC 3339 with a zone, or as UTC without one', () => {
      expect(parseInstant('2026-11-22T14:00:00Z')?.toISOString()).to.equal('2026-11-22T14:00:00.000Z');
      expect(parseInstant('2026-11-22T14:00:00.25+02:00')?.toISOString()).to.equal(
        '2026-11-22T12:00:00.250Z',
      );
      expect(parseInstant('2026-11-22 14:00:00')?.toISOString()).to.equal('2026-11-22T14:00:00.000Z');
      expect(parseInstant('2026-11-22')?.toISOString()).to.equal('2026-11-22T00:00:00.000Z');
      for (const bad of ['2026-02-30T00:00:00Z', '2026-11-22T14:00Z', 'yesterday', '']) {
        expect(parseInstant(bad), bad).to.equal(null);
      }
    });

    it('parses bare days strictly and does calendar arithmetic across months', () => {
      expect(parseLocalDate('2026-02-28')).to.equal('2026-02-28');
      expect(parseLocalDate('2026-02-29')).to.equal(null);
      expect(addDays(localDate('2026-03-01'), -1)).to.equal('2026-02-28');
    });

    it('count days as the calendar does: months, leap years, centuries, and years below 100', () => {
      expect(addDays(localDate('2024-02-28'), 1)).to.equal('2024-02-29');
      expect(addDays(localDate('2100-02-28'), 1)).to.equal('2100-03-01');
      expect(addDays(localDate('2000-02-28'), 1)).to.equal('2000-02-29');
      expect(addDays(localDate('2026-12-31'), 1)).to.equal('2027-01-01');
      expect(addDays(localDate('2026-11-27'), -365)).to.equal('2025-11-27');
      // `Date.UTC` reads years 0..99 as 1900..1999; the calendar does not.
      expect(addDays(localDate('0018-04-09'), -1)).to.equal('0018-04-08');
    });

    it('number days from 1970-01-01 exactly as Date does, in both directions, for years 1 to 9999', () => {
      for (let days = -719_162; days <= 2_932_896; days += 997) {
        const date = new Date(days * 86_400_000);
        const civil = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
        expect(civilFromDays(days), String(days)).to.deep.equal(civil);
        expect(daysFromCivil(civil.year, civil.month, civil.day)).to.equal(days);
      }
    });
  });

  describe('durations', () => {
    it('reads H:MM:SS with hours up to 9999 and writes at least two hour digits', () => {
      expect(parseDuration('1:30:00')).to.equal(5400);
      expect(formatDuration(5400 as Duration)).to.equal('01:30:00');
      expect(formatDuration((9999 * 3600 + 59 * 60 + 59) as Duration)).to.equal('9999:59:59');
    });

    it('rejects minutes or seconds above 59 and hours above 9999', () => {
      for (const bad of ['1:60:00', '1:00:60', '10000:00:00', '1:5:00', '-1:00:00']) {
        expect(parseDuration(bad), bad).to.equal(null);
      }
    });
  });

  describe('money', () => {
    it('keeps amounts with at most two decimals and converts them to exact cents and back', () => {
      expect(parseMoney(19.99)).to.equal(19.99);
      expect(moneyToCents(0.29 as Money)).to.equal(29);
      expect(moneyToCents(999_999_999_999.99 as Money)).to.equal(99_999_999_999_999);
      expect(moneyFromCents(1999)).to.equal(19.99);
      expect(moneyFromCents(99_999_999_999_999)).to.equal(999_999_999_999.99);
    });

    it('rejects a third decimal, negatives, 10^12 and non-finite values', () => {
      expect(parseMoney(1.005)).to.equal('INVALID_FORMAT');
      expect(parseMoney(1e-7)).to.equal('INVALID_FORMAT');
      expect(parseMoney(-1)).to.equal('OUT_OF_RANGE');
      expect(parseMoney(1e12)).to.equal('OUT_OF_RANGE');
      expect(parseMoney(Number.NaN)).to.equal('INVALID_FORMAT');
      expect(moneyFromCents(0.5)).to.equal('INVALID_FORMAT');
    });
  });

  describe('task titles', () => {
    it('trims and counts code points, not UTF-16 units', () => {
      expect(parseTaskTitle('  Ship it  ')).to.deep.equal(E.right('Ship it'));
      expect(E.isRight(parseTaskTitle('😀'.repeat(191)))).to.equal(true);
      expect(parseTaskTitle('😀'.repeat(192))).to.deep.equal(E.left('TOO_LONG'));
    });

    it('treats blank as missing and refuses NUL', () => {
      expect(parseTaskTitle('   ')).to.deep.equal(E.left('REQUIRED'));
      expect(parseTaskTitle('a\u0000b')).to.deep.equal(E.left('INVALID_FORMAT'));
    });
  });

  describe('wall-clock input (CONTRACT 1)', () => {
    it('keeps local text local, and reads RFC 3339 with a zone as an instant', () => {
      expect(parseWallClock('2026-11-22 14:00:00')).to.equal('2026-11-22T14:00:00');
      expect(parseWallClock('2026-11-22')).to.equal('2026-11-22T00:00:00');
      const cases: [string, string][] = [
        ['2026-11-22T14:00:00Z', '2026-11-22T14:00:00.000Z'],
        ['2026-11-22t14:00:00z', '2026-11-22T14:00:00.000Z'],
        ['2026-11-22T14:00:00.250+02:00', '2026-11-22T12:00:00.250Z'],
        ['2026-11-22 23:30:00-05:00', '2026-11-23T04:30:00.000Z'],
      ];
      for (const [text, instant] of cases) {
        const parsed = parseWallClock(text);
        expect(parsed, text).to.be.instanceOf(ZonedDateTime);
        expect((parsed as ZonedDateTime).instant.toISOString(), text).to.equal(instant);
      }
    });

    it('refuses impossible or half-zoned values', () => {
      for (const bad of [
        '2026-02-30T10:00:00Z',
        '2026-11-22T24:00:00Z',
        '2026-11-22Z',
        '2026-11-22T14:00Z',
        '2026-11-22T14:00:00.5',
      ]) {
        expect(parseWallClock(bad), bad).to.equal(null);
      }
    });

    it("shows an instant on the owner's wall clock, across a day and a DST change", () => {
      const at = new Date('2026-11-22T23:30:00Z');
      expect(wallClockIn(UTC, at)).to.equal('2026-11-22T23:30:00');
      expect(wallClockIn(timeZone('Europe/Kyiv'), at)).to.equal('2026-11-23T01:30:00');
      expect(wallClockIn(timeZone('America/New_York'), new Date('2026-07-01T12:00:00Z'))).to.equal(
        '2026-07-01T08:00:00',
      );
      expect(wallClockIn(timeZone('America/New_York'), new Date('2026-12-01T12:00:00Z'))).to.equal(
        '2026-12-01T07:00:00',
      );
    });
  });

  describe('time zones', () => {
    it('knows IANA names and refuses others', () => {
      expect(parseTimeZone('Europe/Kyiv')).to.equal('Europe/Kyiv');
      expect(parseTimeZone('Mars/Olympus')).to.equal(null);
    });

    it("gives the user's local day for an instant", () => {
      const instant = new Date('2026-03-10T22:30:00Z');
      expect(localDayIn(UTC, instant)).to.equal('2026-03-10');
      expect(localDayIn(timeZone('Europe/Kyiv'), instant)).to.equal('2026-03-11');
      expect(localDayIn(timeZone('America/New_York'), new Date('2026-03-10T03:00:00Z'))).to.equal(
        '2026-03-09',
      );
    });
  });
});
