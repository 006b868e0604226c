import { expect } from 'chai';
import { FOLDS_TO_ASCII, isAscii } from '../../../adapters/persistence/mikro-orm/sql-dialect.js';

describe('the SQLite search test', () => {
  it('knows every character outside ASCII whose lower case holds ASCII (its LIKE misses only those)', () => {
    const found: string[] = [];
    for (let codePoint = 0x80; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      if ([...character.toLowerCase()].some(isAscii)) found.push(character);
    }
    expect(found).to.deep.equal(FOLDS_TO_ASCII);
  });
});
