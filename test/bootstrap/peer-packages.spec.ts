import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { HTTP_PACKAGES, missingPeer, SQL_PACKAGES } from '../../bootstrap/peer-packages.js';
import { ROOT } from '../support/build.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

describe('optional peer dependencies (issue 32, item 10)', () => {
  it('package.json names exactly the HTTP and SQL packages as optional peers, each pinned for development', () => {
    const peers = Object.keys(manifest.peerDependencies).sort();
    expect(peers).to.deep.equal([...HTTP_PACKAGES, ...SQL_PACKAGES].sort());
    for (const name of peers) {
      expect(manifest.peerDependenciesMeta[name], name).to.deep.equal({ optional: true });
      // The project installs and tests the version its peer range starts from.
      expect(manifest.peerDependencies[name].replace(/^\^/, ''), name).to.equal(
        manifest.devDependencies[name],
      );
      expect(manifest.dependencies[name], name).to.equal(undefined);
    }
  });

  it('finds the optional peer an import could not find, and nothing else', () => {
    const notFound = (message: string) => Object.assign(new Error(message), { code: 'ERR_MODULE_NOT_FOUND' });
    expect(missingPeer(notFound("Cannot find package 'fastify' imported from /srv/app/server.js"))).to.equal(
      'fastify',
    );
    expect(missingPeer(notFound("Cannot find package '@mikro-orm/sqlite' imported from /x.js"))).to.equal(
      '@mikro-orm/sqlite',
    );
    expect(missingPeer(notFound("Cannot find package 'left-pad' imported from /x.js"))).to.equal(null);
    expect(missingPeer(new Error("Cannot find package 'fastify'"))).to.equal(null);
  });
});
