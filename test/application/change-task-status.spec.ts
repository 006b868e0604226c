import { expect } from 'chai';
import type { UserSession } from '../../application/workspace/workspace.js';
import type { TaskStatus } from '../../domain/task/task-status.js';
import { DAY_MS } from '../support/fixed-clock.js';
import { left, openWorld, right, type World } from '../support/world.js';

describe('ChangeTaskStatus: history and gamification in one transaction', () => {
  let world: World;
  let alice: UserSession;

  beforeEach(async () => {
    world = await openWorld();
    alice = await world.user('alice');
  });

  afterEach(() => world.close());

  const newTask = async (body: object = {}) =>
    (await right(alice.tasks.create({ title: 'task', ...body }))).id;
  const setStatus = (taskId: number, status: TaskStatus, actor = alice) =>
    right(actor.tasks.changeStatus(taskId, status));
  const profile = (actor = alice) => right(actor.gamification.profile());

  it('writes one history entry per real change, oldest first', async () => {
    const id = await newTask();
    await setStatus(id, 1);
    await setStatus(id, 1);
    await setStatus(id, 2);
    const history = await right(alice.tasks.history(id, {}));
    expect(history.items.map((h) => [h.from, h.to, h.changedBy])).to.deep.equal([
      [null, 0, alice.userId],
      [0, 1, alice.userId],
      [1, 2, alice.userId],
    ]);
  });

  it('never raises total_points above a single award when toggling done/new 20 times', async () => {
    const id = await newTask({ priority: 1 });
    let highest = 0;
    for (let i = 0; i < 20; i += 1) {
      const done = await setStatus(id, 2);
      highest = Math.max(highest, done.gamification.totalPoints);
      await setStatus(id, 0);
    }
    expect(highest).to.equal(32);
    expect((await profile()).totalPoints).to.equal(0);
  });

  it('awards nothing for cancelling a task that was not done', async () => {
    const id = await newTask();
    const outcome = await setStatus(id, 3);
    expect(outcome.gamification).to.deep.include({ event: 'status_changed', pointsAwarded: 0 });
  });

  it('builds streaks over consecutive days in the user’s time zone', async () => {
    world.clock.set('2026-03-10T10:00:00Z');
    await setStatus(await newTask(), 2);
    world.clock.advance(DAY_MS);
    const second = await setStatus(await newTask(), 2);
    expect(second.gamification).to.deep.include({ streakDays: 2, pointsAwarded: 14 });
    world.clock.advance(DAY_MS);
    const third = await setStatus(await newTask(), 2);
    expect(third.gamification.achievementsUnlocked.map((a) => a.code)).to.deep.equal(['streak_3']);
    world.clock.advance(3 * DAY_MS);
    expect((await profile()).streakDays).to.equal(0);
    expect((await profile()).bestStreakDays).to.equal(3);
  });

  it('takes points back from whoever earned them when someone else reopens the task', async () => {
    const bob = await world.user('bob');
    const id = await newTask({ assigneeId: bob.userId });
    await right(bob.tasks.update(id, { status: 2 }));
    expect((await profile(bob)).totalPoints).to.equal(12);
    const reopened = await setStatus(id, 0, alice);
    expect(reopened.gamification).to.deep.include({ event: 'task_reopened', pointsAwarded: 0 });
    expect((await profile(bob)).totalPoints).to.equal(0);
  });

  it('keeps earned points when a done task is deleted', async () => {
    const id = await newTask();
    await setStatus(id, 2);
    await right(alice.tasks.delete(id));
    expect((await profile()).totalPoints).to.equal(12);
  });

  it('rejects an unknown status value with details', async () => {
    const id = await newTask();
    // @ts-expect-error a JavaScript host can pass anything; the use case still decodes it
    const failure = await left(alice.tasks.changeStatus(id, 9));
    expect(failure).to.deep.include({ _tag: 'ValidationFailed', code: 'VALIDATION_ERROR' });
  });
});
