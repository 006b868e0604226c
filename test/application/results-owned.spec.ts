import { expect } from 'chai';
import { ALL_HARNESSES } from '../support/persistence-harness.js';
import { openWorld, right, type World } from '../support/world.js';

/**
 * CONTRACT §9: every record a host receives from the library is its own. A host that changes what
 * it was handed (a field, a date's time, a list) changes nothing that later calls return.
 */
for (const harness of ALL_HARNESSES) {
  describe(`results a host owns (${harness.name})`, function () {
    this.timeout(60_000);
    let world: World;

    beforeEach(async () => {
      world = await openWorld(await harness.open());
    });
    afterEach(() => world.close());

    it('a task from create, get and list: changing one changes no later answer', async () => {
      const alice = await world.user('alice');
      const created = await right(alice.tasks.create({ title: 'original' }));
      const createdAt = created.createdAt.getTime();
      Object.assign(created, { title: 'changed by the host' });
      created.createdAt.setTime(0);

      const got = await right(alice.tasks.get(created.id));
      expect([got.title, got.createdAt.getTime()]).to.deep.equal(['original', createdAt]);
      Object.assign(got, { title: 'changed again' });
      got.createdAt.setTime(1);

      const listed = await right(alice.tasks.list());
      const item = listed.items[0];
      expect([item?.title, item?.createdAt.getTime()]).to.deep.equal(['original', createdAt]);
      if (item !== undefined) Object.assign(item, { title: 'changed in the list' });
      (listed.items as unknown[]).length = 0;

      const again = await right(alice.tasks.list());
      expect(again.items.map((task) => task.title)).to.deep.equal(['original']);
      expect((await right(alice.tasks.get(created.id))).title).to.equal('original');
    });

    it('a client from create, get and list: changing one changes no later answer, nor lets a bad value in', async () => {
      const alice = await world.user('alice');
      const created = await right(alice.clients.create({ name: 'Acme' }));
      Object.assign(created, { name: '' });
      const got = await right(alice.clients.get(created.id));
      expect(got.name).to.equal('Acme');
      Object.assign(got, { name: '' });
      const listed = await right(alice.clients.list());
      expect(listed.items.map((client) => client.name)).to.deep.equal(['Acme']);
      const first = listed.items[0];
      if (first !== undefined) Object.assign(first, { name: '' });
      expect((await right(alice.clients.list())).items.map((client) => client.name)).to.deep.equal(['Acme']);
      expect((await right(alice.clients.get(created.id))).name).to.equal('Acme');
    });
  });
}
