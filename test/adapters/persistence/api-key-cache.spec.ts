import { expect } from 'chai';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import { ApiKeyCache } from '../../../adapters/persistence/mikro-orm/read/api-key-cache.js';
import type { Persistence } from '../../../adapters/persistence/persistence.js';
import type { QuerySample } from '../../../adapters/persistence/query-observer.js';
import type { Workspace } from '../../../application/workspace/workspace.js';
import { createWorkspace } from '../../../bootstrap/workspace.js';
import type { ApiKey } from '../../../domain/api-key/api-key.js';
import { FRESH_SQL_DATABASES, type FreshDatabase } from '../../support/persistence-harness.js';
import { cli } from '../../support/processes.js';

const aKey = (id: number, digest: string): ApiKey => ({
  id,
  userId: 1,
  digest,
  displayPrefix: 'wsk_live_abc',
  scopes: ['tasks:read'],
  createdAt: new Date('2026-03-01T00:00:00Z'),
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
});

describe('the API-key cache', () => {
  let now = 0;
  const cache = (ttlMs = 1000) => new ApiKeyCache(ttlMs, () => now);
  beforeEach(() => {
    now = 0;
  });

  it('answers a key for its time to live after it was read, then lets go of it', () => {
    const keys = cache();
    keys.set(aKey(1, 'a'), keys.mark());
    now = 999;
    expect(keys.get('a')?.id).to.equal(1);
    now = 1000;
    expect(keys.get('a')).to.equal(undefined);
  });

  it('lets go of a revoked key at once, and of nothing else', () => {
    const keys = cache();
    keys.set(aKey(1, 'a'), keys.mark());
    keys.set(aKey(2, 'b'), keys.mark());
    keys.forget(1);
    expect(keys.get('a')).to.equal(undefined);
    expect(keys.get('b')?.id).to.equal(2);
  });

  it('records a last use by the refresh’s once-a-minute rule', () => {
    const keys = cache(120_000);
    keys.set(aKey(1, 'a'), keys.mark());
    keys.touched(1, new Date('2026-03-10T12:00:00Z'));
    keys.touched(1, new Date('2026-03-10T12:00:30Z'));
    expect(keys.get('a')?.lastUsedAt?.toISOString()).to.equal('2026-03-10T12:00:00.000Z');
    keys.touched(1, new Date('2026-03-10T12:01:00Z'));
    expect(keys.get('a')?.lastUsedAt?.toISOString()).to.equal('2026-03-10T12:01:00.000Z');
  });

  it('does not keep a key read before a revocation here that came in while it was read', () => {
    const keys = cache();
    const mark = keys.mark();
    keys.forget(9);
    keys.set(aKey(1, 'a'), mark);
    expect(keys.get('a')).to.equal(undefined);
    keys.set(aKey(1, 'a'), keys.mark());
    expect(keys.get('a')?.id).to.equal(1);
  });

  it('keeps nothing with no time to live', () => {
    const keys = cache(0);
    keys.set(aKey(1, 'a'), keys.mark());
    expect(keys.get('a')).to.equal(undefined);
  });

  it('holds at most 10,000 keys, letting the longest-held go first', () => {
    const keys = cache();
    for (let id = 1; id <= 10_001; id++) keys.set(aKey(id, `d${id}`), keys.mark());
    expect(keys.get('d1'), 'the first read').to.equal(undefined);
    expect(keys.get('d2')?.id).to.equal(2);
    expect(keys.get('d10001')?.id).to.equal(10_001);
  });
});

for (const { name, open } of FRESH_SQL_DATABASES) {
  describe(`API keys read for requests on ${name}: kept briefly, revocation honoured`, function () {
    this.timeout(60_000);
    const KEPT_MS = 300;
    let fresh: FreshDatabase;
    let opened: Persistence[];
    let keyReads: number;
    const countKeyReads = (sample: QuerySample) => {
      if (/from "?api_keys"? where "?digest"?/.test(sample.sql)) keyReads += 1;
    };
    const instance = async (observe = false): Promise<Workspace> => {
      const persistence = await openSqlPersistence(fresh.database, {
        migrate: true,
        keyCacheMs: KEPT_MS,
        ...(observe ? { observeQuery: countKeyReads } : {}),
      });
      opened.push(persistence);
      return createWorkspace({ persistence });
    };
    const keyFor = async (workspace: Workspace) => {
      const user = await workspace.users.create({ name: `user-${Date.now()}`, timezone: 'UTC' });
      if (user._tag === 'Left') throw new Error('no user');
      const created = await workspace.keys.create({ userId: user.right.id, scopes: ['tasks:read'] });
      if (created._tag === 'Left') throw new Error('no key');
      return created.right;
    };
    const accepted = async (workspace: Workspace, key: string) =>
      (await workspace.authenticate(key))._tag === 'Right';

    beforeEach(async () => {
      fresh = await open();
      opened = [];
      keyReads = 0;
    });
    afterEach(async () => {
      for (const persistence of opened) await persistence.close();
      fresh.cleanup();
    });

    it('reads a key once for many requests, and again once its time is up', async () => {
      const workspace = await instance(true);
      const { plaintext: key } = await keyFor(workspace);
      for (let i = 0; i < 20; i++) expect(await accepted(workspace, key)).to.equal(true);
      expect(keyReads, 'read once').to.equal(1);
      await new Promise((resolve) => setTimeout(resolve, KEPT_MS + 50));
      expect(await accepted(workspace, key)).to.equal(true);
      expect(keyReads, 'read again').to.equal(2);
    });

    it('refuses a key revoked through the same instance at once, though it was just read', async () => {
      const workspace = await instance();
      const { plaintext: key, apiKey } = await keyFor(workspace);
      expect(await accepted(workspace, key)).to.equal(true);
      expect((await workspace.keys.revoke(apiKey.id))._tag).to.equal('Right');
      expect(await accepted(workspace, key)).to.equal(false);
    });

    /**
     * Revokes the key elsewhere: on PostgreSQL through a second instance; on SQLite through the CLI,
     * another process, as it is done there (a server holds its file alone, and two instances in one
     * process would share its event loop: one's synchronous wait for the file would block the other).
     */
    const revokeElsewhere = async (id: number) => {
      if (fresh.database.kind === 'sqlite') {
        await cli({ DATABASE_URL: `sqlite:${fresh.database.path}` }, 'keys', 'revoke', String(id));
        return;
      }
      const other = await instance();
      expect((await other.keys.revoke(id))._tag).to.equal('Right');
      expect(await accepted(other, key(id)), 'the revoking instance').to.equal(false);
    };
    const plaintexts = new Map<number, string>();
    const key = (id: number) => plaintexts.get(id) ?? '';

    it('refuses a key revoked through another instance within the time a key is kept', async () => {
      const serving = await instance();
      const { plaintext, apiKey } = await keyFor(serving);
      plaintexts.set(apiKey.id, plaintext);
      expect(await accepted(serving, plaintext)).to.equal(true);
      await revokeElsewhere(apiKey.id);
      // From when the revocation committed: the serving instance may hold the key until its time is up.
      const revokedAt = performance.now();
      while ((await accepted(serving, plaintext)) && performance.now() - revokedAt < 5_000)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(performance.now() - revokedAt, 'refused within the bound').to.be.below(KEPT_MS + 200);
    });
  });
}
