import { expect } from 'chai';
import type { UserSession } from '../../application/workspace/workspace.js';
import { left, openWorld, right, type World } from '../support/world.js';

describe('UpdateTask (PATCH), ReplaceTask (PUT) and DeleteTask', () => {
  let world: World;
  let alice: UserSession;
  let bob: UserSession;
  let carol: UserSession;
  let taskId: number;

  beforeEach(async () => {
    world = await openWorld();
    alice = await world.user('alice');
    bob = await world.user('bob');
    carol = await world.user('carol');
    const created = await right(
      alice.tasks.create({
        title: 'Original',
        description: 'keep me',
        priority: 2,
        assigneeId: bob.userId,
      }),
    );
    taskId = created.id;
  });

  afterEach(() => world.close());

  const patch = (actor: UserSession, body: Parameters<UserSession['tasks']['update']>[1]) =>
    actor.tasks.update(taskId, body);
  const put = (actor: UserSession, body: Parameters<UserSession['tasks']['replace']>[1]) =>
    actor.tasks.replace(taskId, body);

  describe('PATCH', () => {
    it('changes only the fields sent', async () => {
      const { task, gamification } = await right(patch(alice, { title: 'Renamed' }));
      expect(task).to.deep.include({ title: 'Renamed', description: 'keep me', priority: 2 });
      expect(gamification).to.equal(null);
    });

    it('treats {} and unchanged values as a no-op: no new updated_at, no new version', async () => {
      const before = await right(alice.tasks.get(taskId));
      world.clock.advance(60_000);
      await right(patch(alice, {}));
      await right(patch(alice, { title: 'Original', priority: 2, status: 0 }));
      const after = await right(alice.tasks.get(taskId));
      expect(after).to.deep.equal(before);
    });

    it('returns gamification whenever status is sent, even without a change', async () => {
      const { gamification } = await right(patch(alice, { status: 0 }));
      expect(gamification).to.deep.include({ event: 'no_change', pointsAwarded: 0 });
      const history = await right(alice.tasks.history(taskId, {}));
      expect(history.total).to.equal(1);
    });

    it('lets the assignee change the status, and nothing else', async () => {
      const { task, gamification } = await right(patch(bob, { status: 2 }));
      expect(task.status).to.equal(2);
      expect(gamification).to.deep.include({ event: 'task_completed' });
      expect(await left(patch(bob, { title: 'mine now' }))).to.deep.equal({ _tag: 'NotTaskOwner' });
      expect(await left(patch(bob, { status: 1, title: 'x' }))).to.deep.equal({ _tag: 'NotTaskOwner' });
    });

    it('hides the task from users who neither own it nor are assigned', async () => {
      expect(await left(patch(carol, { status: 2 }))).to.deep.equal({ _tag: 'NotFound', resource: 'task' });
      expect(await left(carol.tasks.get(taskId))).to.deep.include({
        _tag: 'NotFound',
      });
    });

    it('gives a task moved to another client that client’s next number', async () => {
      const client = await world.harness.seedClient(alice.userId);
      await right(alice.tasks.create({ title: 'first', clientId: client }));
      const { task } = await right(patch(alice, { clientId: client }));
      expect(task.clientTaskId).to.equal(2);
    });

    it("checks a new client against the task's current project", async () => {
      const client = await world.harness.seedClient(alice.userId);
      const other = await world.harness.seedClient(alice.userId);
      const project = await world.harness.seedProject(alice.userId, { clientId: client });
      await right(patch(alice, { projectId: project }));
      expect((await right(alice.tasks.get(taskId))).clientId).to.equal(client);
      expect(await left(patch(alice, { clientId: other }))).to.deep.include({ _tag: 'InvalidReference' });
    });

    it('sets completed_at on done and clears it when reopened', async () => {
      const done = await right(patch(alice, { status: 2 }));
      expect(done.task.completedAt).to.deep.equal(world.clock.now());
      const reopened = await right(patch(alice, { status: 1 }));
      expect(reopened.task.completedAt).to.equal(null);
      expect(reopened.gamification).to.deep.include({ event: 'task_reopened', pointsAwarded: -22 });
    });
  });

  describe('PUT', () => {
    it('replaces every writable field, resetting omitted ones to their defaults but keeping status', async () => {
      await right(patch(alice, { status: 1 }));
      const { task, gamification } = await right(put(alice, { title: 'Replaced' }));
      expect(task).to.deep.include({
        title: 'Replaced',
        description: null,
        priority: 0,
        assigneeId: null,
        active: true,
        status: 1,
      });
      expect(gamification).to.equal(null);
    });

    it('needs a title', async () => {
      // @ts-expect-error a replacement without a title, as a JavaScript host could send
      expect(await left(put(alice, { description: 'x' }))).to.deep.include({ code: 'TITLE_REQUIRED' });
    });

    it('is for the owner only', async () => {
      expect(await left(put(bob, { title: 'x', status: 1 }))).to.deep.equal({ _tag: 'NotTaskOwner' });
    });
  });

  describe('DELETE', () => {
    it('removes the task for good, history included', async () => {
      await right(alice.tasks.delete(taskId));
      expect(await left(alice.tasks.get(taskId))).to.deep.include({
        _tag: 'NotFound',
      });
      expect(await left(alice.tasks.history(taskId, {}))).to.deep.include({
        _tag: 'NotFound',
      });
    });

    it('refuses the assignee and hides the task from strangers', async () => {
      expect(await left(bob.tasks.delete(taskId))).to.deep.equal({
        _tag: 'NotTaskOwner',
      });
      expect(await left(carol.tasks.delete(taskId))).to.deep.include({
        _tag: 'NotFound',
      });
    });
  });
});
