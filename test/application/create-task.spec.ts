import { expect } from 'chai';
import { GetGamificationProfile } from '../../application/gamification/get-gamification-profile.use-case.js';
import type { Actor } from '../../application/shared/actor.js';
import { CreateTask } from '../../application/tasks/create-task.use-case.js';
import { GetTaskHistory } from '../../application/tasks/get-task-history.use-case.js';
import { left, openWorld, right, type World } from '../support/world.js';

describe('CreateTask', () => {
  let world: World;
  let alice: Actor;
  let bob: Actor;
  let create: CreateTask;

  beforeEach(async () => {
    world = await openWorld();
    alice = await world.user('alice');
    bob = await world.user('bob');
    create = world.container.resolve(CreateTask);
  });

  afterEach(() => world.close());

  it('needs only a title and applies the defaults', async () => {
    const task = await right(create.execute(alice, { title: '  Plan the week ' }));
    expect(task).to.deep.include({
      title: 'Plan the week',
      ownerId: alice.userId,
      status: 0,
      priority: 0,
      active: true,
      clientTaskId: 1,
      description: null,
      completedAt: null,
    });
  });

  it('answers TITLE_REQUIRED when the title is missing or blank, whatever else is wrong', async () => {
    const missing = await left(create.execute(alice, { priority: 9 }));
    expect(missing).to.deep.include({ _tag: 'ValidationFailed', code: 'TITLE_REQUIRED' });
    const blank = await left(create.execute(alice, { title: '   ' }));
    expect(blank).to.deep.include({ code: 'TITLE_REQUIRED' });
    const nulled = await left(create.execute(alice, { title: null }));
    expect(nulled).to.deep.include({ code: 'TITLE_REQUIRED' });
  });

  it('answers TITLE_TOO_LONG past 191 characters', async () => {
    expect(await left(create.execute(alice, { title: 'x'.repeat(192) }))).to.deep.include({
      code: 'TITLE_TOO_LONG',
    });
  });

  it('lists every failing field with its detail code', async () => {
    const failure = await left(
      create.execute(alice, {
        title: 'ok',
        priority: 4,
        date: '2026-02-30',
        price_planned: 1.005,
        colour: 'red',
      }),
    );
    expect(failure).to.deep.include({ code: 'VALIDATION_ERROR' });
    expect(
      failure._tag === 'ValidationFailed' && failure.details.map((d) => [d.field, d.code]),
    ).to.deep.equal([
      ['colour', 'UNKNOWN_FIELD'],
      ['date', 'INVALID_FORMAT'],
      ['priority', 'OUT_OF_RANGE'],
      ['price_planned', 'INVALID_FORMAT'],
    ]);
  });

  it('accepts and ignores read-only fields so a GET body can be sent back', async () => {
    const task = await right(
      create.execute(alice, { title: 'Round trip', id: 99, client_task_id: 42, created_at: 'x' }),
    );
    expect(task.id).to.not.equal(99);
    expect(task.clientTaskId).to.equal(1);
  });

  it('numbers tasks per (owner, client), starting at 1, never reusing a number', async () => {
    const client = await world.harness.seedClient(alice.userId);
    const numbers = [];
    for (const body of [
      { title: 'a' },
      { title: 'b', client_id: client },
      { title: 'c' },
      { title: 'd', client_id: client },
    ]) {
      numbers.push((await right(create.execute(alice, body))).clientTaskId);
    }
    expect(numbers).to.deep.equal([1, 1, 2, 2]);
    expect((await right(create.execute(bob, { title: 'bob' }))).clientTaskId).to.equal(1);
  });

  it("takes the project's client when no client is given, and rejects a different one", async () => {
    const client = await world.harness.seedClient(alice.userId);
    const other = await world.harness.seedClient(alice.userId);
    const project = await world.harness.seedProject(alice.userId, { clientId: client });
    const task = await right(create.execute(alice, { title: 't', project_id: project }));
    expect(task.clientId).to.equal(client);
    const mismatch = await left(create.execute(alice, { title: 't', project_id: project, client_id: other }));
    expect(mismatch).to.deep.equal({
      _tag: 'InvalidReference',
      details: [
        { field: 'client_id', code: 'MISMATCH', message: "client_id differs from the project's client" },
      ],
    });
  });

  it("refuses references to another owner's records exactly like missing ones", async () => {
    const bobsClient = await world.harness.seedClient(bob.userId);
    const bobsCategory = await world.harness.seedCategory(bob.userId);
    const theirs = await left(
      create.execute(alice, { title: 't', client_id: bobsClient, category_id: bobsCategory }),
    );
    const missing = await left(create.execute(alice, { title: 't', client_id: 9999, category_id: 9998 }));
    expect(theirs).to.deep.equal(missing);
    expect(theirs).to.deep.include({ _tag: 'InvalidReference' });
  });

  it('lets any existing user be the assignee, and no one else', async () => {
    expect((await right(create.execute(alice, { title: 't', assignee_id: bob.userId }))).assigneeId).to.equal(
      bob.userId,
    );
    expect(await left(create.execute(alice, { title: 't', assignee_id: 404 }))).to.deep.include({
      _tag: 'InvalidReference',
    });
  });

  it('writes the first history entry and gives a done task completed_at but no points', async () => {
    const task = await right(create.execute(alice, { title: 'Already done', status: 2 }));
    expect(task.completedAt).to.deep.equal(world.clock.now());
    const history = await right(world.container.resolve(GetTaskHistory).execute(alice, task.id, {}));
    expect(history.items.map((h) => [h.from, h.to])).to.deep.equal([[null, 2]]);
    const profile = await right(world.container.resolve(GetGamificationProfile).execute(alice));
    expect(profile.totalPoints).to.equal(0);
  });

  it('leaves nothing behind when a reference is invalid (one transaction)', async () => {
    await left(create.execute(alice, { title: 't', project_id: 12345 }));
    const next = await right(create.execute(alice, { title: 'after' }));
    expect(next.clientTaskId).to.equal(1);
  });
});
