import { expect } from 'chai';
import type { UserSession } from '../../application/workspace/workspace.js';
import { ALL_HARNESSES } from '../support/persistence-harness.js';
import { left, openWorld, right, type World } from '../support/world.js';

/** Numbers no id column holds: each names no record, the same on every adapter (never `Unexpected`). */
const NOT_IDS = [Number.NaN, 1.5, 2 ** 31, 2 ** 53, Number.POSITIVE_INFINITY, -1, 0];

/** Issue 32, item 1: one rule for ids a host passes, on memory, SQLite and PostgreSQL alike. */
for (const harness of ALL_HARNESSES) {
  describe(`the library: ids that name no record (${harness.name})`, () => {
    let world: World;
    let alice: UserSession;

    beforeEach(async () => {
      world = await openWorld(await harness.open());
      alice = await world.user('alice');
    });

    afterEach(() => world.close());

    it('task and record operations answer NotFound for an id no record can have', async () => {
      for (const id of NOT_IDS) {
        const task = { _tag: 'NotFound', resource: 'task' };
        expect(await left(alice.tasks.get(id)), `get ${id}`).to.deep.equal(task);
        expect(await left(alice.tasks.history(id)), `history ${id}`).to.deep.equal(task);
        expect(await left(alice.tasks.changeStatus(id, 2)), `status ${id}`).to.deep.equal(task);
        expect(await left(alice.tasks.update(id, { title: 'x' })), `update ${id}`).to.deep.equal(task);
        expect(await left(alice.tasks.replace(id, { title: 'x' })), `replace ${id}`).to.deep.equal(task);
        expect(await left(alice.tasks.delete(id)), `delete ${id}`).to.deep.equal(task);
        const client = { _tag: 'NotFound', resource: 'client' };
        expect(await left(alice.clients.get(id)), `client ${id}`).to.deep.equal(client);
        expect(await left(alice.clients.update(id, { name: 'x' })), `client update ${id}`).to.deep.equal(
          client,
        );
        expect(await left(alice.clients.delete(id)), `client delete ${id}`).to.deep.equal(client);
      }
      // A real id still works.
      const task = await right(alice.tasks.create({ title: 'real' }));
      expect((await right(alice.tasks.get(task.id))).title).to.equal('real');
    });

    it('users, keys and acting as a user answer NotFound or UnknownUser, never Unexpected', async () => {
      for (const id of NOT_IDS) {
        expect(await left(world.workspace.users.find(id)), `find ${id}`).to.deep.equal({
          _tag: 'NotFound',
          resource: 'user',
        });
        expect((await left(world.workspace.keys.list(id)))._tag, `keys ${id}`).to.equal('NotFound');
        expect((await left(world.workspace.keys.revoke(id)))._tag, `revoke ${id}`).to.equal('NotFound');
        expect((await left(world.workspace.keys.rotate(id, 0)))._tag, `rotate ${id}`).to.equal('NotFound');
        expect((await left(world.workspace.actingAs(id).tasks.list()))._tag, `acting ${id}`).to.equal(
          'UnknownUser',
        );
      }
    });
  });
}
