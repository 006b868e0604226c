import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { NewApiKey } from '../../../../domain/api-key/api-key.js';
import { parseTimeZone, type TimeZone, UTC } from '../../../../domain/shared/time-zone.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { AT, portSuite } from './port-fixture.js';

const aKey = (userId: UserId, digest: string): NewApiKey => ({
  userId,
  digest,
  displayPrefix: `wsk_live_${digest.slice(0, 3)}`,
  scopes: ['tasks:*', 'clients:read'],
  createdAt: AT,
  expiresAt: new Date('2026-06-01T00:00:00Z'),
  revokedAt: null,
  lastUsedAt: null,
});

const parseTimeZoneOrThrow = (name: string): TimeZone => {
  const zone = parseTimeZone(name);
  if (zone === null) throw new Error(`not a zone: ${name}`);
  return zone;
};

/** UserRepository, ApiKeyRepository and the read side's ApiKeyStore. */
export const usersAndKeysContract = (factory: HarnessFactory): void =>
  portSuite('UserRepository, ApiKeyRepository, ApiKeyStore', factory, (fixture) => {
    it('finds users by id and by exact name, and lists them by id', async () => {
      const { write, addUser } = fixture();
      const bob = await addUser('bob');
      const alice = await addUser('Ålice');
      expect(await write((r) => r.users.findById(alice))).to.deep.include({ id: alice, name: 'Ålice' });
      expect((await write((r) => r.users.findByName('Ålice')))?.id).to.equal(alice);
      expect(await write((r) => r.users.findByName('ålice'))).to.equal(null);
      expect(await write((r) => r.users.findById(alice + 100))).to.equal(null);
      expect((await write((r) => r.users.list())).map((user) => user.id)).to.deep.equal([bob, alice]);
    });

    it('changes a user’s timezone for every unit of work after, and not when it rolls back', async () => {
      const { persistence, write, addUser } = fixture();
      const alice = await addUser('alice');
      await write((r) => r.users.findById(alice));
      await write((r) => r.users.setTimezone(alice, parseTimeZoneOrThrow('Asia/Tokyo')));
      expect((await write((r) => r.users.findById(alice)))?.timezone).to.equal('Asia/Tokyo');
      await persistence.unitOfWork.run(async (r) => {
        await r.users.setTimezone(alice, parseTimeZoneOrThrow('Europe/Kyiv'));
        return E.left('roll back');
      })();
      expect((await write((r) => r.users.findById(alice)))?.timezone).to.equal('Asia/Tokyo');
    });

    it('forgets a user whose unit of work rolled back, even one looked up inside it', async () => {
      const { persistence, write, addUser } = fixture();
      await addUser('bob');
      let phantom = 0;
      await persistence.unitOfWork.run(async (r) => {
        phantom = (await r.users.add({ name: 'phantom', timezone: UTC, createdAt: AT })).id;
        expect((await r.users.findById(phantom))?.name).to.equal('phantom');
        return E.left('roll back');
      })();
      expect(await write((r) => r.users.findById(phantom))).to.equal(null);
      expect(await write((r) => r.users.findByName('phantom'))).to.equal(null);
    });

    it('stores a key exactly, lists a user’s keys, and revokes one', async () => {
      const { write, addUser } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const stored = await write((r) => r.apiKeys.add(aKey(alice, 'a'.repeat(64))));
      await write((r) => r.apiKeys.add(aKey(bob, 'b'.repeat(64))));
      expect(stored).to.deep.equal({ ...aKey(alice, 'a'.repeat(64)), id: stored.id });
      expect((await write((r) => r.apiKeys.listByUser(alice))).map((key) => key.id)).to.deep.equal([
        stored.id,
      ]);
      const revokedAt = new Date('2026-03-05T00:00:00Z');
      await write((r) => r.apiKeys.revoke(stored.id, revokedAt));
      expect((await write((r) => r.apiKeys.findById(stored.id)))?.revokedAt).to.deep.equal(revokedAt);
    });

    it('finds a key by digest on the read side, and refreshes its last use at most once a minute', async () => {
      const { persistence, write, addUser } = fixture();
      const alice = await addUser('alice');
      const digest = 'c'.repeat(64);
      const { id } = await write((r) => r.apiKeys.add(aKey(alice, digest)));
      const store = persistence.apiKeyStore;
      expect(await store.findByDigest(digest)).to.deep.include({ id, userId: alice, lastUsedAt: null });
      await store.touchLastUsed(id, new Date('2026-03-10T12:00:00Z'));
      await store.touchLastUsed(id, new Date('2026-03-10T12:00:30Z'));
      expect((await store.findByDigest(digest))?.lastUsedAt?.toISOString()).to.equal(
        '2026-03-10T12:00:00.000Z',
      );
      await store.touchLastUsed(id, new Date('2026-03-10T12:01:00Z'));
      expect((await store.findByDigest(digest))?.lastUsedAt?.toISOString()).to.equal(
        '2026-03-10T12:01:00.000Z',
      );
      expect(await store.findByDigest('0'.repeat(64))).to.equal(null);
    });
  });
