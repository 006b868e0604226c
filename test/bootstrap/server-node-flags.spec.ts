import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import {
  SERVER_MALLOC_TUNABLES,
  SERVER_NODE_FLAGS,
  serverEnvironment,
} from '../../bootstrap/server-node-flags.js';
import { ROOT } from '../support/build.js';

describe('the server runs with the same Node options and allocator settings wherever it starts', () => {
  const entry = 'dist/bootstrap/main.js';

  it('npm start sets the allocator (unless already set) and passes the options before the entry point', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).to.equal(
      `GLIBC_TUNABLES=\${GLIBC_TUNABLES:-${SERVER_MALLOC_TUNABLES}} exec node ${SERVER_NODE_FLAGS.join(' ')} ${entry}`,
    );
  });

  it('the container image sets the allocator and passes the options before the entry point', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).to.include(`ENV GLIBC_TUNABLES=${SERVER_MALLOC_TUNABLES}\n`);
    expect(dockerfile).to.include(
      `CMD ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, entry])}`.replaceAll('","', '", "'),
    );
  });

  it('the tests and the benchmark start it with the allocator settings, keeping a GLIBC_TUNABLES already set', () => {
    expect(serverEnvironment({ PORT: '1' })).to.deep.equal({
      PORT: '1',
      GLIBC_TUNABLES: SERVER_MALLOC_TUNABLES,
    });
    expect(serverEnvironment({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=1' }).GLIBC_TUNABLES).to.equal(
      'glibc.malloc.arena_max=1',
    );
  });
});
