import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { UserSession } from '../../../application/workspace/workspace.js';
import type { HarnessFactory } from '../../support/persistence-harness.js';
import { left, openWorld, right, type World } from '../../support/world.js';

/**
 * The task use cases through the library's sessions on every adapter: what the port contracts
 * (`ports/`) cannot show alone — numbering, versions, history and gamification as the use cases
 * combine them, under concurrency.
 */
export const persistenceContract = (factory: HarnessFactory): void => {
  describe(`workspace use cases on ${factory.name} storage: tasks`, function () {
    this.timeout(60_000);
    let world: World;
    let alice: UserSession;
    let bob: UserSession;

    beforeEach(async () => {
      world = await openWorld(await factory.open());
      alice = await world.user('alice');
      bob = await world.user('bob');
    });

    afterEach(() => world.close());

    const create = (body: object, actor = alice) => right(actor.tasks.create({ title: 'task', ...body }));

    describe('tasks and numbering', () => {
      it('stores every field exactly and reads it back', async () => {
        const client = await world.harness.seedClient(alice.userId);
        const project = await world.harness.seedProject(alice.userId, { clientId: client });
        const category = await world.harness.seedCategory(alice.userId);
        const fields = {
          title: 'Ünïcode ✓ title',
          description: 'long text',
          date: '2026-04-01T09:30:00',
          priority: 3,
          status: 1,
          active: false,
          projectId: project,
          categoryId: category,
          assigneeId: bob.userId,
          timePlanned: 450_309,
          pricePlanned: 999_999_999_999.99,
        } as const;
        const created = await create(fields);
        const read = await right(alice.tasks.get(created.id));
        // The client comes from the project.
        expect(read).to.deep.include({ ...fields, clientId: client });
        expect(read.createdAt.getTime()).to.equal(world.clock.now().getTime());
      });

      it('never reuses a client task number, even after deletes', async () => {
        const first = await create({});
        await right(alice.tasks.delete(first.id));
        expect((await create({})).clientTaskId).to.equal(2);
      });

      it('increments the version on every stored write', async () => {
        const task = await create({});
        await right(alice.tasks.update(task.id, { title: 'v2' }));
        const answered = await right(alice.tasks.update(task.id, { title: 'v3', status: 2 }));
        expect(answered.task.version).to.equal(3);
        expect((await right(alice.tasks.get(task.id))).version).to.equal(3);
      });

      it('gives 50 parallel creates for one client the numbers 1..50, without errors', async () => {
        const client = await world.harness.seedClient(alice.userId);
        const outcomes = await Promise.all(
          Array.from({ length: 50 }, (_, i) => alice.tasks.create({ title: `t${i}`, clientId: client })),
        );
        expect(outcomes.filter(E.isLeft)).to.deep.equal([]);
        const numbers = outcomes.map((o) => (E.isRight(o) ? o.right.clientTaskId : 0)).sort((a, b) => a - b);
        expect(numbers).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
      });
    });

    describe('status history and gamification', () => {
      it('keeps history in order and deletes it with the task', async () => {
        const task = await create({});
        await right(alice.tasks.changeStatus(task.id, 1));
        await right(alice.tasks.changeStatus(task.id, 2));
        const page = await right(alice.tasks.history(task.id, { limit: 2, offset: 1 }));
        expect(page.total).to.equal(3);
        expect(page.items.map((h) => [h.from, h.to])).to.deep.equal([
          [0, 1],
          [1, 2],
        ]);
        await right(alice.tasks.delete(task.id));
        expect(await left(alice.tasks.history(task.id, {}))).to.deep.include({
          _tag: 'NotFound',
        });
      });

      it('stores points, completions, take-backs and achievements', async () => {
        const task = await create({ priority: 1 });
        const done = await right(alice.tasks.changeStatus(task.id, 2));
        expect(done.gamification).to.deep.include({ pointsAwarded: 32, totalPoints: 32, completedToday: 1 });
        expect(done.gamification.achievementsUnlocked.map((a) => a.code)).to.deep.equal(['first_task']);
        const reopened = await right(alice.tasks.changeStatus(task.id, 0));
        expect(reopened.gamification).to.deep.include({
          pointsAwarded: -32,
          totalPoints: 0,
          completedToday: 0,
        });
        const again = await right(alice.tasks.changeStatus(task.id, 2));
        expect(again.gamification).to.deep.include({ pointsAwarded: 32, totalPoints: 32 });
        expect(again.gamification.achievementsUnlocked).to.deep.equal([]);
      });

      it('awards a completion once when the same task is completed by 10 parallel requests', async () => {
        const task = await create({ priority: 2 });
        const outcomes = await Promise.all(
          Array.from({ length: 10 }, () => alice.tasks.changeStatus(task.id, 2)),
        );
        expect(outcomes.filter(E.isLeft)).to.deep.equal([]);
        const history = await right(alice.tasks.history(task.id, {}));
        expect(history.items.map((h) => [h.from, h.to])).to.deep.equal([
          [null, 0],
          [0, 2],
        ]);
        const awarded = outcomes.map((o) => (E.isRight(o) ? o.right.gamification.pointsAwarded : 0));
        expect(awarded.filter((p) => p > 0)).to.deep.equal([22]);
      });
    });
  });
};
