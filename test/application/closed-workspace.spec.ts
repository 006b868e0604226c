import { expect } from 'chai';
import { ALL_HARNESSES } from '../support/persistence-harness.js';
import { left, openWorld, right, type World } from '../support/world.js';

const CLOSED = { _tag: 'Closed' };

/** Issue 32, item 6: after `close()`, every call answers `Closed`, the same on every adapter. */
for (const harness of ALL_HARNESSES) {
  describe(`the library: a closed workspace (${harness.name})`, () => {
    let world: World;

    beforeEach(async () => {
      world = await openWorld(await harness.open());
    });

    afterEach(() => world.close());

    it('answers Closed to sessions held, to new ones and to the workspace’s own calls; closing again does nothing', async () => {
      const alice = await world.user('alice');
      const task = await right(alice.tasks.create({ title: 'before' }));
      const key = await right(world.workspace.authenticate(await world.key('alice', 'tasks:*')));
      const plaintext = await world.key('alice', 'tasks:read');

      await world.workspace.close();
      await world.workspace.close();

      expect(await left(alice.tasks.get(task.id))).to.deep.equal(CLOSED);
      expect(await left(alice.tasks.create({ title: 'after' }))).to.deep.equal(CLOSED);
      expect(await left(alice.changes.since())).to.deep.equal(CLOSED);
      expect(await left(key.tasks.list())).to.deep.equal(CLOSED);
      expect(await left(world.workspace.actingAs(alice.userId).clients.list())).to.deep.equal(CLOSED);
      expect(await left(world.workspace.authenticate(plaintext))).to.deep.equal(CLOSED);
      expect(await left(world.workspace.users.create({ name: 'bob' }))).to.deep.equal(CLOSED);
      expect(await left(world.workspace.users.find('alice'))).to.deep.equal(CLOSED);
      expect(await left(world.workspace.keys.list(alice.userId))).to.deep.equal(CLOSED);
      expect(await world.workspace.isHealthy()).to.equal(false);
    });
  });
}
