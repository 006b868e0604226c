import { expect } from 'chai';
import { canonical, checksumOf } from '../../application/shared/checksum.js';

describe('the canonical spelling of a query', () => {
  it('is its JSON with object keys in order, at every depth, absent fields left out', () => {
    const query = {
      sort: { direction: 'asc', by: 'id' },
      limit: 50,
      search: undefined,
      ids: [3, { b: 1, a: null }],
    };
    expect(canonical(query)).to.equal(
      '{"ids":[3,{"a":null,"b":1}],"limit":50,"sort":{"by":"id","direction":"asc"}}',
    );
    expect(JSON.parse(canonical(query))).to.deep.equal(JSON.parse(JSON.stringify(query)));
  });

  it('spells a date as its instant, and empty objects and arrays as JSON does', () => {
    expect(canonical([new Date(0), {}, [], 'x"y'])).to.equal('["1970-01-01T00:00:00.000Z",{},[],"x\\"y"]');
  });

  it('gives one checksum to one query however its keys were ordered, another to another query', () => {
    expect(checksumOf({ a: 1, b: [2, 3] })).to.equal(checksumOf({ b: [2, 3], a: 1 }));
    expect(checksumOf({ a: 1, b: [2, 3] })).to.not.equal(checksumOf({ a: 1, b: [3, 2] }));
    expect(checksumOf({ a: 1 })).to.not.equal(checksumOf({ a: '1' }));
  });
});
