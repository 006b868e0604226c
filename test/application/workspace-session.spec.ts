import { expect } from 'chai';
import type { UserSession } from '../../application/workspace/workspace.js';
import { ALL_HARNESSES } from '../support/persistence-harness.js';
import { left, openWorld, right, type World } from '../support/world.js';

describe('the library entry point: sessions over every use case', () => {
  let world: World;
  let alice: UserSession;

  beforeEach(async () => {
    world = await openWorld();
    alice = await world.user('alice');
  });

  afterEach(() => world.close());

  it('takes typed, camelCase input and answers in the same terms', async () => {
    const client = await right(alice.clients.create({ name: 'Acme', active: true }));
    const task = await right(
      alice.tasks.create({
        title: 'Invoice',
        clientId: client.id,
        date: '2026-03-02 09:00:00',
        pricePlanned: 12.5,
        timePlanned: 5400,
        priority: 1,
      }),
    );
    expect(task).to.deep.include({
      clientId: client.id,
      date: '2026-03-02T09:00:00',
      pricePlanned: 12.5,
      timePlanned: 5400,
      active: true,
    });
    const page = await right(
      alice.tasks.list({ status: 0, active: true, sort: { by: 'date', direction: 'desc' } }),
    );
    expect(page.items.map((t) => t.id)).to.deep.equal([task.id]);
  });

  it('rejects wire-shaped input, naming the fields as a TypeScript caller writes them', async () => {
    // @ts-expect-error snake_case and 0/1 flags belong to the HTTP API
    const failure = await left(alice.tasks.create({ title: 'x', project_id: 1, active: 1 }));
    expect(failure).to.deep.include({ _tag: 'ValidationFailed' });
    expect(
      failure._tag === 'ValidationFailed' && failure.details.map((d) => [d.field, d.code]),
    ).to.deep.equal([
      ['project_id', 'UNKNOWN_FIELD'],
      ['active', 'INVALID_TYPE'],
    ]);
    // @ts-expect-error query-string text is the HTTP API's business
    const query = await left(alice.tasks.list({ status: '0', sort: '-date' }));
    expect(query._tag === 'ValidationFailed' && query.details.map((d) => d.field)).to.deep.equal([
      'status',
      'sort',
    ]);
    const reference = await left(alice.tasks.create({ title: 'x', projectId: 999 }));
    expect(reference).to.deep.include({ _tag: 'InvalidReference' });
    expect(reference._tag === 'InvalidReference' && reference.details[0]?.field).to.equal('projectId');
  });

  it('returns the version that was stored', async () => {
    const task = await right(alice.tasks.create({ title: 'v1' }));
    const updated = await right(alice.tasks.update(task.id, { title: 'v2', status: 2 }));
    expect(updated.task.version).to.equal((await right(alice.tasks.get(task.id))).version);
    expect(updated.task.version).to.equal(2);
  });

  it('enforces the scopes of a key-opened session itself, not only over HTTP', async () => {
    const key = await world.key('alice', 'tasks:read');
    const session = await right(world.workspace.authenticate(key));
    expect(session.scopes).to.deep.equal(['tasks:read']);
    expect((await right(session.tasks.list())).total).to.equal(0);
    const denied = await left(session.tasks.create({ title: 'nope' }));
    expect(denied).to.deep.equal({
      _tag: 'InsufficientScope',
      needed: 'tasks:write',
      accepted: ['tasks:write', 'tasks:*'],
    });
    expect(await left(session.clients.list())).to.deep.include({
      _tag: 'InsufficientScope',
      needed: 'clients:read',
    });
    expect((await right(alice.tasks.list())).total).to.equal(0);
  });

  it('refuses a malformed or unknown key with the same error as HTTP', async () => {
    expect(await left(world.workspace.authenticate('nope'))).to.deep.equal({
      _tag: 'Unauthenticated',
      reason: 'invalid',
    });
    expect(await left(world.workspace.authenticate(`wsk_live_${'a'.repeat(40)}`))).to.deep.include({
      _tag: 'Unauthenticated',
    });
  });
});

for (const factory of ALL_HARNESSES) {
  describe(`acting as a user who does not exist: ${factory.name}`, function () {
    this.timeout(60_000);
    let world: World;

    beforeEach(async () => {
      world = await openWorld(await factory.open());
    });

    afterEach(() => world.close());

    it('is a typed UnknownUser error on reads and writes, and writes nothing', async () => {
      const ghost = world.workspace.actingAs(4242);
      expect(await left(ghost.tasks.create({ title: 'orphan' }))).to.deep.equal({
        _tag: 'UnknownUser',
        userId: 4242,
      });
      expect(await left(ghost.clients.list())).to.deep.equal({ _tag: 'UnknownUser', userId: 4242 });
      expect(await left(ghost.gamification.profile())).to.deep.include({ _tag: 'UnknownUser' });
      const real = await world.user('real');
      expect((await right(real.tasks.list())).total).to.equal(0);
    });
  });
}
