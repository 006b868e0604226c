import { expect } from 'chai';
import { ALL_HARNESSES } from '../support/persistence-harness.js';
import { left, openWorld, right, type World } from '../support/world.js';

/** Issue 32, item 7: a key is never born expired, and no answer about a key carries its digest. */
for (const harness of ALL_HARNESSES) {
  describe(`the library: API keys as hosts see them (${harness.name})`, () => {
    let world: World;
    let userId: number;

    beforeEach(async () => {
      world = await openWorld(await harness.open());
      userId = (await world.user('alice')).userId;
    });

    afterEach(() => world.close());

    it('refuses an expiry that is not in the future, naming the field', async () => {
      for (const expiresAt of [world.clock.now(), new Date(world.clock.now().getTime() - 1000)]) {
        const refused = await left(
          world.workspace.keys.create({ userId, scopes: ['tasks:read'], expiresAt }),
        );
        expect(refused._tag === 'ValidationFailed' && refused.details).to.deep.equal([
          { field: 'expiresAt', code: 'OUT_OF_RANGE', message: 'must be in the future' },
        ]);
      }
      expect(await right(world.workspace.keys.list(userId))).to.deep.equal([]);
      const later = new Date(world.clock.now().getTime() + 1000);
      const created = await right(
        world.workspace.keys.create({ userId, scopes: ['tasks:read'], expiresAt: later }),
      );
      expect(created.apiKey.expiresAt).to.deep.equal(later);
    });

    it('answers keys without their digests: create, list, revoke and rotate', async () => {
      const created = await right(world.workspace.keys.create({ userId, scopes: ['tasks:read'] }));
      const rotated = await right(world.workspace.keys.rotate(created.apiKey.id, 0));
      const revoked = await right(world.workspace.keys.revoke(rotated.created.apiKey.id));
      const listed = await right(world.workspace.keys.list(userId));
      for (const key of [created.apiKey, rotated.created.apiKey, rotated.replaced, revoked, ...listed]) {
        expect(key).to.not.have.property('digest');
        expect(key).to.include.keys('id', 'userId', 'displayPrefix', 'scopes', 'expiresAt', 'revokedAt');
      }
    });
    it('a session already held stops once its key is revoked or expires: Unauthenticated, nothing written', async () => {
      const { plaintext, apiKey } = await right(world.workspace.keys.create({ userId, scopes: ['tasks:*'] }));
      const held = await right(world.workspace.authenticate(plaintext));
      await right(held.tasks.create({ title: 'while valid' }));
      await right(world.workspace.keys.revoke(apiKey.id));
      expect(await left(held.tasks.create({ title: 'after revoke' }))).to.deep.equal({
        _tag: 'Unauthenticated',
        reason: 'invalid',
      });

      const expiresAt = new Date(world.clock.now().getTime() + 60_000);
      const expiring = await right(world.workspace.keys.create({ userId, scopes: ['tasks:*'], expiresAt }));
      const session = await right(world.workspace.authenticate(expiring.plaintext));
      expect((await right(session.tasks.list())).items.map((task) => task.title)).to.deep.equal([
        'while valid',
      ]);
      world.clock.advance(61_000);
      expect((await left(session.tasks.list()))._tag).to.equal('Unauthenticated');
      expect((await right(world.workspace.actingAs(userId).tasks.list())).total).to.equal(1);
    });
  });
}
