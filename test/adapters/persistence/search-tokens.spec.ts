import { expect } from 'chai';
import { searchPhrase, searchWords } from '../../../adapters/persistence/mikro-orm/search-tokens.js';

/**
 * The words of SQLite's search indexes are stored: a change to how they are spelled would leave
 * every index written before it unable to find anything. These pin the spelling.
 */
describe('the words of the per-user search index', () => {
  it('are the runs of three characters of the lower case, each after the user, in hex code points ended by z', () => {
    expect(searchWords('Abc d', 7, null)).to.equal('7x61z62z63z 7x62z63z20z 7x63z20z64z');
  });

  it('are written once for the owner and once for an assignee who is someone else', () => {
    expect(searchWords('abc', 7, 9)).to.equal('7x61z62z63z 9x61z62z63z');
    expect(searchWords('abc', 7, 7)).to.equal('7x61z62z63z');
  });

  it('spell a character outside the basic plane as one code point', () => {
    expect(searchWords('a😀b', 1, null)).to.equal('1x61z1f600z62z');
  });

  it('are none for text shorter than a run, or none at all', () => {
    expect(searchWords('ab', 1, 2)).to.equal('');
    expect(searchWords('', 1, null)).to.equal('');
    expect(searchWords(null, 1, null)).to.equal('');
  });

  it('find a term as the phrase of its own runs for one user, and nothing shorter than a run', () => {
    expect(searchPhrase(7, 'ABCD')).to.equal('"7x61z62z63z 7x62z63z64z"');
    expect(searchPhrase(7, 'ab')).to.equal(undefined);
  });
});
