import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { ROOT } from '../support/build.js';

/** The README's configuration table and `.env.example` name the same variables with the same defaults. */
describe('.env.example and the README agree', () => {
  it('lists every variable of the configuration table, with its default', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const table = [...readme.matchAll(/^\| `([A-Z_]+)` +\| ([^|]+)\|/gm)].map(([, name = '', value = '']) => [
      name,
      value.trim(),
    ]);
    expect(table.length).to.be.greaterThan(5);
    const example = readFileSync(join(ROOT, '.env.example'), 'utf8');
    for (const [name, value] of table) {
      const line = new RegExp(`^#? ?${name}=(.*)$`, 'm').exec(example);
      expect(line, `${name} in .env.example`).to.not.equal(null);
      const documented = /^`([^`]*)`/.exec(String(value))?.[1];
      if (documented !== undefined && !String(line?.[0]).startsWith('#'))
        expect(line?.[1], `${name}'s default`).to.equal(documented);
    }
  });
});

/** A `.env` holds the deployment's secrets (keys, database passwords): never committed, never in an image. */
describe('.env stays out of commits and images', () => {
  for (const ignoreFile of ['.gitignore', '.dockerignore'])
    it(`is named in ${ignoreFile}`, () => {
      const lines = readFileSync(join(ROOT, ignoreFile), 'utf8').split('\n');
      expect(lines).to.include('.env');
      // …while the example, which holds no secret, stays.
      expect(lines).to.not.include('.env*');
    });
});
