import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { createWorkspace } from '../../bootstrap/workspace.js';
import { ALL_HARNESSES, type PersistenceHarness } from '../support/persistence-harness.js';
import { right } from '../support/world.js';

/**
 * A batch is its session's: a call through another session, awaited inside it, does not join it
 * (its Right would be undone with the batch) and cannot run beside it either (one writer at a time):
 * it is refused, and nothing of it is stored (issue 57, item 4).
 */
for (const factory of ALL_HARNESSES)
  describe(`the library on ${factory.name}: a batch takes no other session's calls`, function () {
    this.timeout(60_000);
    let harness: PersistenceHarness;

    beforeEach(async () => {
      harness = await factory.open();
    });
    afterEach(() => harness.close());

    it('refuses a write through another session inside a batch, so no Right of it is undone', async () => {
      const workspace = createWorkspace({ persistence: harness.persistence, webhooks: { deliver: false } });
      try {
        const alice = workspace.actingAs((await right(workspace.users.create({ name: 'alice' }))).id);
        const bob = workspace.actingAs((await right(workspace.users.create({ name: 'bob' }))).id);
        let bobs: E.Either<unknown, unknown> | undefined;
        const batch = await alice.batch(async (inside) => {
          await inside.tasks.create({ title: 'alice, inside' });
          bobs = await bob.tasks.create({ title: 'bob, through his own session' });
          return E.left('alice gives up');
        });
        expect(batch).to.deep.equal(E.left('alice gives up'));
        expect(bobs?._tag, JSON.stringify(bobs)).to.equal('Left');
        expect((await right(bob.tasks.list())).items).to.deep.equal([]);
        expect((await right(alice.tasks.list())).items).to.deep.equal([]);
        // Outside the batch, bob's session works as ever.
        await right(bob.tasks.create({ title: 'bob, on his own' }));
      } finally {
        await workspace.close();
      }
    });
  });
