import { expect } from 'chai';
import { firstAfter, VisibleTasks } from '../../../../adapters/persistence/in-memory/visible-tasks.js';
import { TaskPriority } from '../../../../domain/task/task-priority.js';
import { TaskStatus } from '../../../../domain/task/task-status.js';
import { aTask } from '../../../support/builders.js';
import { openWorld, right, type World } from '../../../support/world.js';

describe('the in-memory index of the tasks each user sees', () => {
  it('keeps each user’s ids ascending through creates, assignments, unassignments and deletes', () => {
    const index = new VisibleTasks();
    const owned = (id: number, assigneeId: number | null = null) => aTask({ id, ownerId: 1, assigneeId });
    index.moved(5, undefined, owned(5));
    index.moved(2, undefined, owned(2, 7));
    index.moved(9, undefined, owned(9, 1));
    expect(index.idsOf(1)).to.deep.equal([2, 5, 9]);
    expect(index.idsOf(7)).to.deep.equal([2]);
    index.moved(5, owned(5), owned(5, 7));
    index.moved(2, owned(2, 7), owned(2));
    expect(index.idsOf(7)).to.deep.equal([5]);
    index.moved(9, owned(9, 1), undefined);
    expect(index.idsOf(1)).to.deep.equal([2, 5]);
    expect(index.idsOf(3)).to.deep.equal([]);
    expect([firstAfter([2, 5, 9], 1), firstAfter([2, 5, 9], 5), firstAfter([2, 5, 9], 9)]).to.deep.equal([
      0, 2, 3,
    ]);
  });

  it('keeps each user’s ids by status and by priority through status changes, reassignments and deletes', () => {
    const index = new VisibleTasks();
    const task = (id: number, status: TaskStatus, priority: TaskPriority, assigneeId: number | null = null) =>
      aTask({ id, ownerId: 1, assigneeId, status, priority });
    index.moved(1, undefined, task(1, TaskStatus.New, TaskPriority.Critical));
    index.moved(2, undefined, task(2, TaskStatus.New, TaskPriority.None, 7));
    index.moved(3, undefined, task(3, TaskStatus.Done, TaskPriority.Critical));
    expect(index.idsOf(1, { status: TaskStatus.New })).to.deep.equal([1, 2]);
    expect(index.idsOf(7, { status: TaskStatus.New })).to.deep.equal([2]);
    expect(index.idsOf(1, { priority: TaskPriority.Critical })).to.deep.equal([1, 3]);
    index.moved(
      1,
      task(1, TaskStatus.New, TaskPriority.Critical),
      task(1, TaskStatus.Done, TaskPriority.Optional),
    );
    index.moved(2, task(2, TaskStatus.New, TaskPriority.None, 7), task(2, TaskStatus.New, TaskPriority.None));
    expect(index.idsOf(1, { status: TaskStatus.New })).to.deep.equal([2]);
    expect(index.idsOf(1, { status: TaskStatus.Done })).to.deep.equal([1, 3]);
    expect(index.idsOf(1, { priority: TaskPriority.Critical })).to.deep.equal([3]);
    expect(index.idsOf(1, { priority: TaskPriority.Optional })).to.deep.equal([1]);
    expect(index.idsOf(7, { status: TaskStatus.New })).to.deep.equal([]);
    index.moved(3, task(3, TaskStatus.Done, TaskPriority.Critical), undefined);
    expect(index.idsOf(1, { status: TaskStatus.Done })).to.deep.equal([1]);
    expect(index.idsOf(1)).to.deep.equal([1, 2]);
  });

  describe('lists read through it', () => {
    let world: World;
    afterEach(() => world.close());

    it('answer a user who sees a few tasks among many as they are, filtered, paged and walked', async () => {
      world = await openWorld();
      const alice = await world.user('alice');
      const bob = await world.user('bob');
      const others = [];
      for (let i = 0; i < 30; i++) others.push(await right(alice.tasks.create({ title: `a${i}` })));
      const own = await right(bob.tasks.create({ title: 'b0' }));
      const done = await right(bob.tasks.create({ title: 'b1', status: TaskStatus.Done }));
      const assigned = await right(alice.tasks.create({ title: 'a-for-bob', assigneeId: bob.userId }));
      const unassigned = await right(alice.tasks.create({ title: 'a-briefly', assigneeId: bob.userId }));
      await right(alice.tasks.update(unassigned.id, { assigneeId: null }));
      const gone = await right(bob.tasks.create({ title: 'b2' }));
      await right(bob.tasks.delete(gone.id));
      await right(alice.tasks.update(others[3]?.id ?? 0, { assigneeId: bob.userId }));

      const seen = [own.id, done.id, assigned.id, others[3]?.id].sort((a = 0, b = 0) => a - b);
      const all = await right(bob.tasks.list({ limit: 50 }));
      expect(all.items.map((task) => task.id)).to.deep.equal(seen);
      expect(all.total).to.equal(4);
      const notDone = await right(bob.tasks.list({ status: TaskStatus.New }));
      expect(notDone.items.map((task) => task.id)).to.deep.equal(seen.filter((id) => id !== done.id));
      const second = await right(bob.tasks.list({ limit: 2, offset: 2 }));
      expect(second.items.map((task) => task.id)).to.deep.equal(seen.slice(2));

      const walked: number[] = [];
      for (let page = await right(bob.tasks.list({ limit: 3 })); ; ) {
        walked.push(...page.items.map((task) => task.id));
        if (page.nextCursor === null) break;
        page = await right(bob.tasks.list({ limit: 3, cursor: page.nextCursor }));
      }
      expect(walked).to.deep.equal(seen);
    });
  });

  it('counts a filtered list in id order as far as the SQL adapters do: exact within 1,000 past the page, that bound beyond', async () => {
    const world = await openWorld();
    try {
      const alice = await world.user('alice');
      // 1,200 open tasks and 30 done ones, the done ones last.
      for (let i = 0; i < 1200; i++) await right(alice.tasks.create({ title: `open ${i}` }));
      for (let i = 0; i < 30; i++)
        await right(alice.tasks.create({ title: `done ${i}`, status: TaskStatus.Done }));
      const open = await right(alice.tasks.list({ status: TaskStatus.New, limit: 50 }));
      expect(open.total, 'past the horizon: the bound').to.equal(50 + 1000);
      expect(open.nextCursor).to.be.a('string');
      expect(open.items.map((task) => task.title)).to.deep.equal(
        Array.from({ length: 50 }, (_, i) => `open ${i}`),
      );
      const deep = await right(alice.tasks.list({ status: TaskStatus.New, limit: 50, offset: 1150 }));
      expect(deep.total, 'within the horizon of a deep page: exact').to.equal(1200);
      expect(deep.items.map((task) => task.title)).to.deep.equal(
        Array.from({ length: 50 }, (_, i) => `open ${1150 + i}`),
      );
      expect(deep.nextCursor).to.equal(null);
      const done = await right(alice.tasks.list({ status: TaskStatus.Done, limit: 50 }));
      expect(done.total, 'few matches: exact').to.equal(30);
    } finally {
      await world.close();
    }
  });
});
