import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { MINIMUM_NODE, unsupportedNode } from '../../bootstrap/node-version.js';
import { ROOT } from '../support/build.js';

describe('the Node.js version check at start', () => {
  it('stops an older Node with one line naming the required version and the one found', () => {
    const problem = unsupportedNode('v20.20.2');
    expect(problem).to.be.a('string').and.include('>= 22.17').and.include('v20.20.2');
    expect(problem).not.to.include('\n');
    expect(unsupportedNode('v22.16.9')).to.be.a('string');
  });

  it('lets the minimum and anything newer through', () => {
    for (const version of ['v22.17.0', 'v22.20.1', 'v23.0.0', 'v24.21.0'])
      expect(unsupportedNode(version)).to.equal(null);
  });

  it('checks the same minimum package.json declares in engines', () => {
    const { engines } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(engines.node).to.equal(`>=${MINIMUM_NODE.replace(/\.0$/, '')}`);
  });
});
