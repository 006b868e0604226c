import { expect } from 'chai';
import { serverInstant } from '../../../adapters/http/presenters/wire-values.js';

describe('wire values: instants in the server format', () => {
  it('spells an instant as its UTC `YYYY-MM-DD HH:MM:SS`, padded, without fractions', () => {
    expect(serverInstant(new Date('2026-03-01T09:05:07.999Z'))).to.equal('2026-03-01 09:05:07');
    expect(serverInstant(new Date('2026-12-31T23:59:59Z'))).to.equal('2026-12-31 23:59:59');
    expect(serverInstant(new Date('2024-02-29T00:00:00+02:00'))).to.equal('2024-02-28 22:00:00');
  });

  it('agrees with toISOString over a spread of instants, and for years of other widths', () => {
    for (let i = 0; i < 500; i += 1) {
      const instant = new Date(1_700_000_000_000 + i * 7_654_321_987);
      expect(serverInstant(instant)).to.equal(instant.toISOString().slice(0, 19).replace('T', ' '));
    }
    // Before the epoch (a millisecond before it is still the last second of 1969), and the
    // century rules of leap years, which the day arithmetic must follow.
    for (const text of [
      '1969-12-31T23:59:59.999Z',
      '1900-02-28T12:00:00Z',
      '1900-03-01T00:00:00Z',
      '2000-02-29T23:59:59Z',
      '2100-03-01T00:00:00Z',
      '1600-02-29T01:02:03Z',
      '9999-12-31T23:59:59Z',
      '0001-01-01T00:00:00Z',
    ]) {
      expect(serverInstant(new Date(text))).to.equal(text.slice(0, 19).replace('T', ' '));
    }
    const early = new Date('0900-01-02T03:04:05Z');
    expect(serverInstant(early)).to.equal('0900-01-02 03:04:05');
  });
});
