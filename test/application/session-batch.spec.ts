import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { UserSession } from '../../application/workspace/workspace.js';
import { ALL_HARNESSES } from '../support/persistence-harness.js';
import { left, openWorld, right, type World } from '../support/world.js';

for (const harness of ALL_HARNESSES) {
  describe(`the library's batch: session.batch(work) commits together or not at all (${harness.name})`, function () {
    this.timeout(30_000);
    let world: World;
    let alice: UserSession;

    beforeEach(async () => {
      world = await openWorld(await harness.open());
      alice = await world.user('alice');
    });

    afterEach(() => world.close());

    const counts = async () => ({
      projects: (await right(alice.projects.list())).total,
      tasks: (await right(alice.tasks.list())).total,
    });

    it('stores every call of work that answers Right, the later ones using what the earlier answered', async () => {
      const outcome = alice.batch(async (inside) => {
        const project = await right(inside.projects.create({ name: 'Launch' }));
        const task = await right(inside.tasks.create({ title: 'Write the post', projectId: project.id }));
        const listed = await right(inside.tasks.list({ projectId: project.id }));
        return E.right({ task, seen: listed.items.length });
      });
      const { task, seen } = await right(outcome);
      expect(seen, 'a read inside sees the batch’s own writes').to.equal(1);
      expect(task.title).to.equal('Write the post');
      expect(await counts()).to.deep.equal({ projects: 1, tasks: 1 });
    });

    it('stores nothing when work answers Left, its failure answered as it was', async () => {
      const failure = await left(
        alice.batch(async (inside) => {
          await inside.projects.create({ name: 'Launch' });
          await inside.tasks.create({ title: 'First' });
          return inside.tasks.create({ title: '' });
        }),
      );
      expect(failure).to.deep.include({ _tag: 'ValidationFailed', code: 'TITLE_REQUIRED' });
      expect(await counts()).to.deep.equal({ projects: 0, tasks: 0 });
    });

    it('stores nothing when work throws, and answers Unexpected', async () => {
      const failure = await left(
        alice.batch(async (inside) => {
          await inside.projects.create({ name: 'Launch' });
          throw new Error('a bug in the host');
        }),
      );
      expect(failure).to.deep.include({ _tag: 'Unexpected' });
      expect(await counts()).to.deep.equal({ projects: 0, tasks: 0 });
    });

    it('checks each call inside a key session’s batch against the key’s scopes', async () => {
      const opened = await right(world.workspace.authenticate(await world.key('alice', 'tasks:*')));
      const failure = await left(
        opened.batch(async (inside) => {
          await inside.tasks.create({ title: 'Allowed alone' });
          return inside.projects.create({ name: 'Refused' });
        }),
      );
      expect(failure).to.deep.include({ _tag: 'InsufficientScope', needed: 'projects:write' });
      expect(await counts()).to.deep.equal({ projects: 0, tasks: 0 });
    });

    it('runs calls made at once one at a time, all committed', async () => {
      const outcome = await alice.batch(async (inside) => {
        const made = await Promise.all(
          Array.from({ length: 8 }, (_, index) => inside.tasks.create({ title: `Task ${index}` })),
        );
        return E.right(made.filter(E.isRight).length);
      });
      expect(outcome).to.deep.equal(E.right(8));
      expect((await counts()).tasks).to.equal(8);
    });

    it('runs calls made at once one at a time: one that fails takes back only its own writes', async () => {
      const outcome = await alice.batch(async (inside) => {
        const made = await Promise.all(
          Array.from({ length: 16 }, (_, index) =>
            // Every other call names a project that does not exist, and fails after its checks began.
            inside.tasks.create({
              title: `Task ${index}`,
              ...(index % 2 === 1 ? { projectId: 999_999 } : {}),
            }),
          ),
        );
        return E.right(made.map((call) => call._tag));
      });
      expect(outcome).to.deep.equal(
        E.right(Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? 'Right' : 'Left'))),
      );
      expect((await counts()).tasks).to.equal(8);
    });

    it('answers Closed once the workspace is closed', async () => {
      await world.workspace.close();
      expect(await left(alice.batch(async () => E.right(1)))).to.deep.equal({ _tag: 'Closed' });
    });
  });
}
