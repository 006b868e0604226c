import { expect } from 'chai';
import { VersionedRows } from '../../../adapters/persistence/mikro-orm/read/versioned-rows.js';

describe('rows decoded by version', () => {
  const counting = () => {
    let decoded = 0;
    const rows = new VersionedRows((row: object) => {
      decoded += 1;
      return { ...row };
    });
    return { rows, decoded: () => decoded };
  };

  it('answers a row read again at the same version with the object decoded the first time', () => {
    const { rows, decoded } = counting();
    const first = rows.read({ id: 7, version: 1, title: 'a' });
    // PostgreSQL hands bigint columns over as text: the same id and version all the same.
    expect(rows.read({ id: '7', version: '1', title: 'a' })).to.equal(first);
    expect(decoded()).to.equal(1);
  });

  it('decodes a row again once its version moved, and keeps the new one', () => {
    const { rows, decoded } = counting();
    rows.read({ id: 7, version: 1, title: 'a' });
    const edited = rows.read({ id: 7, version: 2, title: 'b' });
    expect(edited).to.deep.equal({ id: 7, version: 2, title: 'b' });
    expect(rows.read({ id: 7, version: 2, title: 'b' })).to.equal(edited);
    expect(rows.read({ id: 8, version: 2, title: 'c' })).to.deep.include({ id: 8, title: 'c' });
    expect(decoded()).to.equal(3);
  });

  it('holds a row by its id and version alone, once decoded at that version', () => {
    const { rows } = counting();
    expect(rows.held({ id: 7, version: 1 })).to.equal(undefined);
    const first = rows.read({ id: 7, version: 1, title: 'a' });
    expect(rows.held({ id: '7', version: '1' })).to.equal(first);
    expect(rows.held({ id: 7, version: 2 })).to.equal(undefined);
    expect(rows.held({ id: 8, version: 1 })).to.equal(undefined);
  });

  it('always decodes a row that does not say its id and version', () => {
    const { rows, decoded } = counting();
    rows.read({ title: 'a' });
    rows.read({ title: 'a' });
    rows.read({ id: 1, title: 'a' });
    rows.read({ id: 1, title: 'a' });
    expect(decoded()).to.equal(4);
  });
});
