import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { SERVER_NODE_FLAGS } from '../../bootstrap/server-node-flags.js';
import { ROOT } from '../support/build.js';

describe('the server runs with the same Node options wherever it starts', () => {
  const entry = 'dist/bootstrap/main.js';

  it('npm start passes them before the entry point', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).to.equal(`exec node ${SERVER_NODE_FLAGS.join(' ')} ${entry}`);
  });

  it('the container image passes them before the entry point', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).to.include(
      `CMD ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, entry])}`.replaceAll('","', '", "'),
    );
  });
});
