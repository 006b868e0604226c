import { expect } from 'chai';
import type { UserSession } from '../../application/workspace/workspace.js';
import { left, openWorld, right, type World } from '../support/world.js';

describe('CreateTask', () => {
  let world: World;
  let alice: UserSession;
  let bob: UserSession;

  beforeEach(async () => {
    world = await openWorld();
    alice = await world.user('alice');
    bob = await world.user('bob');
  });

  afterEach(() => world.close());

  it('needs only a title and applies the defaults', async () => {
    const task = await right(alice.tasks.create({ title: '  Plan the week ' }));
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
    // @ts-expect-error the title is missing and the priority out of range: the decoder says so at run time
    const missing = await left(alice.tasks.create({ priority: 9 }));
    expect(missing).to.deep.include({ _tag: 'ValidationFailed', code: 'TITLE_REQUIRED' });
    const blank = await left(alice.tasks.create({ title: '   ' }));
    expect(blank).to.deep.include({ code: 'TITLE_REQUIRED' });
    // @ts-expect-error a JavaScript host may send null
    const nulled = await left(alice.tasks.create({ title: null }));
    expect(nulled).to.deep.include({ code: 'TITLE_REQUIRED' });
  });

  it('answers TITLE_TOO_LONG past 191 characters', async () => {
    expect(await left(alice.tasks.create({ title: 'x'.repeat(192) }))).to.deep.include({
      code: 'TITLE_TOO_LONG',
    });
  });

  it('lists every failing field with its detail code', async () => {
    const failure = await left(
      alice.tasks.create({
        title: 'ok',
        // @ts-expect-error out of range on purpose
        priority: 4,
        date: '2026-02-30',
        pricePlanned: 1.005,
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
      ['pricePlanned', 'INVALID_FORMAT'],
    ]);
  });

  it('accepts and ignores read-only fields so a GET body can be sent back', async () => {
    const task = await right(
      alice.tasks.create({ title: 'Round trip', id: 99, clientTaskId: 42, createdAt: new Date(0) }),
    );
    expect(task.id).to.not.equal(99);
    expect(task.clientTaskId).to.equal(1);
  });

  it('numbers tasks per (owner, client), starting at 1, never reusing a number', async () => {
    const client = await world.harness.seedClient(alice.userId);
    const numbers = [];
    for (const body of [
      { title: 'a' },
      { title: 'b', clientId: client },
      { title: 'c' },
      { title: 'd', clientId: client },
    ]) {
      numbers.push((await right(alice.tasks.create(body))).clientTaskId);
    }
    expect(numbers).to.deep.equal([1, 1, 2, 2]);
    expect((await right(bob.tasks.create({ title: 'bob' }))).clientTaskId).to.equal(1);
  });

  it("takes the project's client when no client is given, and rejects a different one", async () => {
    const client = await world.harness.seedClient(alice.userId);
    const other = await world.harness.seedClient(alice.userId);
    const project = await world.harness.seedProject(alice.userId, { clientId: client });
    const task = await right(alice.tasks.create({ title: 't', projectId: project }));
    expect(task.clientId).to.equal(client);
    const mismatch = await left(alice.tasks.create({ title: 't', projectId: project, clientId: other }));
    expect(mismatch).to.deep.equal({
      _tag: 'InvalidReference',
      details: [
        { field: 'clientId', code: 'MISMATCH', message: "clientId differs from the project's client" },
      ],
    });
  });

  it("refuses references to another owner's records exactly like missing ones", async () => {
    const bobsClient = await world.harness.seedClient(bob.userId);
    const bobsCategory = await world.harness.seedCategory(bob.userId);
    const theirs = await left(
      alice.tasks.create({ title: 't', clientId: bobsClient, categoryId: bobsCategory }),
    );
    const missing = await left(alice.tasks.create({ title: 't', clientId: 9999, categoryId: 9998 }));
    expect(theirs).to.deep.equal(missing);
    expect(theirs).to.deep.include({ _tag: 'InvalidReference' });
  });

  it('lets any existing user be the assignee, and no one else', async () => {
    expect((await right(alice.tasks.create({ title: 't', assigneeId: bob.userId }))).assigneeId).to.equal(
      bob.userId,
    );
    expect(await left(alice.tasks.create({ title: 't', assigneeId: 404 }))).to.deep.include({
      _tag: 'InvalidReference',
    });
  });

  it('writes the first history entry and gives a done task completed_at but no points', async () => {
    const task = await right(alice.tasks.create({ title: 'Already done', status: 2 }));
    expect(task.completedAt).to.deep.equal(world.clock.now());
    const history = await right(alice.tasks.history(task.id, {}));
    expect(history.items.map((h) => [h.from, h.to])).to.deep.equal([[null, 2]]);
    const profile = await right(alice.gamification.profile());
    expect(profile.totalPoints).to.equal(0);
  });

  it('leaves nothing behind when a reference is invalid (one transaction)', async () => {
    await left(alice.tasks.create({ title: 't', projectId: 12345 }));
    const next = await right(alice.tasks.create({ title: 'after' }));
    expect(next.clientTaskId).to.equal(1);
  });
});
