import { expect } from 'chai';
import { BoundedCache } from '../../../adapters/persistence/mikro-orm/bounded-cache.js';

describe('a bounded cache', () => {
  it('makes a value once, a null one too, and answers it after', () => {
    const cache = new BoundedCache<string, string | null>(10);
    let made = 0;
    const make = (key: string) => {
      made += 1;
      return key === 'none' ? null : key.toUpperCase();
    };
    expect(cache.getOrMake('a', make)).to.equal('A');
    expect(cache.getOrMake('a', make)).to.equal('A');
    expect(cache.getOrMake('none', make)).to.equal(null);
    expect(cache.getOrMake('none', make)).to.equal(null);
    expect(made).to.equal(2);
  });

  it('forgets everything once it holds its capacity, so it never grows past it', () => {
    const cache = new BoundedCache<number, number>(2);
    cache.set(1, 1);
    cache.set(2, 2);
    cache.set(3, 3);
    expect([cache.get(1), cache.get(2), cache.get(3)]).to.deep.equal([undefined, undefined, 3]);
  });
});
