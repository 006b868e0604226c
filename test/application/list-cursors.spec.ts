import { expect } from 'chai';
import type { UserSession } from '../../application/workspace/workspace.js';
import { ALL_HARNESSES } from '../support/persistence-harness.js';
import { left, openWorld, right, type World } from '../support/world.js';

/** CONTRACT §9 in the library: the same cursors as over HTTP, as `nextCursor` and `cursor`. */
for (const harness of ALL_HARNESSES) {
  describe(`the library: cursor pagination (${harness.name})`, () => {
    let world: World;
    let alice: UserSession;

    beforeEach(async () => {
      world = await openWorld(await harness.open());
      alice = await world.user('alice');
    });

    afterEach(() => world.close());

    it('walks a list by nextCursor, every item once, in order; offset is null on a cursor page', async () => {
      const created: number[] = [];
      for (let n = 1; n <= 5; n += 1) created.push((await right(alice.notes.create({ name: `n${n}` }))).id);
      const walked: number[] = [];
      let page = await right(alice.notes.list({ limit: 2 }));
      expect(page.offset).to.equal(0);
      walked.push(...page.items.map((note) => note.id));
      while (page.nextCursor !== null) {
        page = await right(alice.notes.list({ limit: 2, cursor: page.nextCursor }));
        expect(page.offset).to.equal(null);
        walked.push(...page.items.map((note) => note.id));
      }
      expect(walked).to.deep.equal(created);
    });

    it('answers InvalidCursor for a cursor of other filters, and a MISMATCH for cursor with offset', async () => {
      for (let n = 1; n <= 3; n += 1) await right(alice.tasks.create({ title: `t${n}` }));
      const { nextCursor } = await right(alice.tasks.list({ limit: 1, status: 0 }));
      expect(nextCursor).to.be.a('string');
      const cursor = String(nextCursor);
      expect(await left(alice.tasks.list({ cursor }))).to.deep.equal({ _tag: 'InvalidCursor' });
      expect(await left(alice.tasks.listIfChanged(undefined, { cursor, status: 1 }))).to.deep.equal({
        _tag: 'InvalidCursor',
      });
      const both = await left(alice.tasks.list({ cursor, offset: 1, status: 0 }));
      expect(both._tag === 'ValidationFailed' && both.details.map((d) => [d.field, d.code])).to.deep.equal([
        ['cursor', 'MISMATCH'],
      ]);
      // The page size is not bound: the rest, at the default 50.
      expect((await right(alice.tasks.list({ cursor, status: 0 }))).items).to.have.length(2);
    });
  });
}
