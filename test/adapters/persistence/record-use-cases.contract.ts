import { expect } from 'chai';
import type * as E from 'fp-ts/lib/Either.js';
import type { UserSession } from '../../../application/workspace/workspace.js';
import type { HarnessFactory } from '../../support/persistence-harness.js';
import { left, openWorld, right, type World } from '../../support/world.js';

/** Clients, projects, notes, categories, cards, time and money records on every adapter. */
export const recordsContract = (factory: HarnessFactory): void => {
  describe(`workspace use cases on ${factory.name} storage: records`, function () {
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

    const task = (body: object = {}, actor = alice) => right(actor.tasks.create({ title: 't', ...body }));
    const ids = (page: { items: readonly { id: number }[] }) => page.items.map((r) => r.id);

    it('stores a client exactly, and patches only what is sent', async () => {
      const created = await right(
        alice.clients.create({
          name: ' Acme ',
          email: 'ops@acme.example',
          phone: '+1 555 0100',
          description: 'd',
        }),
      );
      expect(created).to.deep.include({
        name: 'Acme',
        email: 'ops@acme.example',
        phone: '+1 555 0100',
        active: true,
      });
      world.clock.advance(1000);
      const patched = await right(alice.clients.update(created.id, { phone: null, active: false }));
      expect(patched).to.deep.include({ name: 'Acme', phone: null, active: false });
      const read = await right(alice.clients.get(created.id));
      expect(read).to.deep.equal(patched);
      expect(read.updatedAt.getTime()).to.equal(created.updatedAt.getTime() + 1000);
    });

    it('orders clients by their latest record of a type, newest first, the rest by id', async () => {
      const a = await right(alice.clients.create({ name: 'a' }));
      const b = await right(alice.clients.create({ name: 'b' }));
      const c = await right(alice.clients.create({ name: 'c' }));
      const d = await right(alice.clients.create({ name: 'd' }));
      await task({ clientId: c.id });
      world.clock.advance(1000);
      await task({ clientId: a.id });
      world.clock.advance(1000);
      await right(alice.notes.createFromText({ description: 'n', clientId: d.id }));
      await right(alice.times.create({ timeReally: 3600, clientId: b.id }));
      expect(ids(await right(alice.clients.list({ orderByLatest: 'task' })))).to.deep.equal([
        a.id,
        c.id,
        b.id,
        d.id,
      ]);
      expect(ids(await right(alice.clients.list({ orderByLatest: 'note' })))).to.deep.equal([
        d.id,
        a.id,
        b.id,
        c.id,
      ]);
      expect(ids(await right(alice.clients.list({ orderByLatest: 'time' })))).to.deep.equal([
        b.id,
        a.id,
        c.id,
        d.id,
      ]);
      // @ts-expect-error only the record kinds are accepted
      const wrong = await left(alice.clients.list({ orderByLatest: 'invoice' }));
      expect(wrong).to.deep.include({ _tag: 'ValidationFailed' });
    });

    it("refuses a project for another owner's client, exactly like a missing one", async () => {
      const bobs = await right(bob.clients.create({ name: 'bob co' }));
      const theirs = await left(alice.projects.create({ name: 'p', clientId: bobs.id }));
      const missing = await left(alice.projects.create({ name: 'p', clientId: 99999 }));
      expect(theirs).to.deep.equal(missing);
      expect(theirs).to.deep.include({ _tag: 'InvalidReference' });
    });

    it('refuses to delete a client, project, category or card that something references, and changes nothing', async () => {
      const client = await right(alice.clients.create({ name: 'c' }));
      const project = await right(alice.projects.create({ name: 'p', clientId: client.id }));
      const category = await right(alice.categories.create({ name: 'cat' }));
      const card = await right(alice.cards.create({ name: 'wallet' }));
      await right(alice.moneys.create({ type: 2, price: 9.5, card: card.id, categoryId: category.id }));
      expect(await left(alice.clients.delete(client.id))).to.deep.include({
        code: 'CLIENT_IN_USE',
      });
      await task({ projectId: project.id });
      expect(await left(alice.projects.delete(project.id))).to.deep.include({
        code: 'PROJECT_IN_USE',
      });
      expect(await left(alice.categories.delete(category.id))).to.deep.include({
        code: 'CATEGORY_IN_USE',
      });
      expect(await left(alice.cards.delete(card.id))).to.deep.include({ code: 'CARD_IN_USE' });
      expect(await right(alice.clients.get(client.id))).to.deep.equal(client);
      const unused = await right(alice.cards.create({ name: 'spare' }));
      expect(await right(alice.cards.delete(unused.id))).to.deep.equal({ id: unused.id });
      expect(await left(alice.cards.get(unused.id))).to.deep.include({ _tag: 'NotFound' });
    });

    it('creates time and money records and prepared notes with their rules', async () => {
      const time = await right(
        alice.times.create({ timeReally: 7500, description: 'work', date: '2026-03-01' }),
      );
      expect(time).to.deep.include({ timeReally: 7500, date: '2026-03-01T00:00:00' });
      const from = await right(alice.cards.create({ name: 'from' }));
      const to = await right(alice.cards.create({ name: 'to' }));
      const transfer = await right(
        alice.moneys.create({ type: 3, price: 0.01, card: from.id, toCard: to.id }),
      );
      expect(transfer).to.deep.include({ type: 3, price: 0.01, card: from.id, toCard: to.id });
      const note = await right(alice.notes.createFromText({ description: '\n  First line  \nsecond line' }));
      expect(note).to.deep.include({
        name: 'First line',
        description: '\n  First line  \nsecond line',
        active: true,
      });
    });

    it('unlinks notes, time and money records from a deleted task, and keeps them', async () => {
      const doomed = await task();
      const note = await right(alice.notes.createFromText({ description: 'n', taskId: doomed.id }));
      const time = await right(alice.times.create({ timeReally: 600, taskId: doomed.id }));
      await right(alice.moneys.create({ type: 1, price: 5, taskId: doomed.id }));
      const listedLinks = async () => [
        (await right(alice.notes.list())).items.find((listed) => listed.id === note.id)?.taskId,
        (await right(alice.times.list())).items.find((listed) => listed.id === time.id)?.taskId,
      ];
      expect(await listedLinks()).to.deep.equal([doomed.id, doomed.id]);
      await right(alice.tasks.delete(doomed.id));
      expect((await right(alice.notes.get(note.id))).taskId).to.equal(null);
      // Lists read before the delete show the unlinked records too.
      expect(await listedLinks()).to.deep.equal([null, null]);
      expect(time.taskId).to.equal(doomed.id);
    });

    it('lists a record read again after each edit with that edit, several in one millisecond too', async () => {
      const time = await right(alice.times.create({ timeReally: 60, description: 'first' }));
      const listed = async () =>
        (await right(alice.times.list())).items.find((record) => record.id === time.id)?.description;
      expect(await listed()).to.equal('first');
      for (const description of ['second', 'third', 'fourth']) {
        await right(alice.times.update(time.id, { description }));
        expect(await listed()).to.equal(description);
      }
    });

    it("lets a record inherit its project's client, and rejects a conflicting one", async () => {
      const client = await right(alice.clients.create({ name: 'c' }));
      const other = await right(alice.clients.create({ name: 'o' }));
      const project = await right(alice.projects.create({ name: 'p', clientId: client.id }));
      const time = await right(alice.times.create({ timeReally: 3600, projectId: project.id }));
      expect(time.clientId).to.equal(client.id);
      const clash = await left(
        alice.times.create({ timeReally: 3600, projectId: project.id, clientId: other.id }),
      );
      expect(clash).to.deep.include({ _tag: 'InvalidReference' });
    });

    it("links a note, time or money record to a task's project and client, and refuses another (CONTRACT §12)", async () => {
      const client = await right(alice.clients.create({ name: 'c' }));
      const project = await right(alice.projects.create({ name: 'p', clientId: client.id }));
      const other = await right(alice.projects.create({ name: 'o' }));
      const linked = await task({ projectId: project.id });
      const time = await right(alice.times.create({ timeReally: 3600, taskId: linked.id }));
      const money = await right(alice.moneys.create({ type: 1, price: 10, taskId: linked.id }));
      const note = await right(alice.notes.create({ name: 'n', taskId: linked.id }));
      for (const record of [time, money, note])
        expect(record).to.deep.include({ taskId: linked.id, projectId: project.id, clientId: client.id });
      // Named and the task's: kept. Named and not the task's: refused, and nothing is stored.
      const same = await right(
        alice.times.create({ timeReally: 60, taskId: linked.id, projectId: project.id }),
      );
      expect(same).to.deep.include({ projectId: project.id, clientId: client.id });
      const clash = await left(
        alice.times.create({ timeReally: 60, taskId: linked.id, projectId: other.id }),
      );
      expect(clash).to.deep.include({ _tag: 'InvalidReference' });
      expect((await right(alice.times.list({ taskId: linked.id }))).total).to.equal(2);
      // Linked later: takes the task's links; the task's own change later moves nothing written.
      const later = await right(alice.times.create({ timeReally: 60 }));
      const relinked = await right(alice.times.update(later.id, { taskId: linked.id }));
      expect(relinked).to.deep.include({ projectId: project.id, clientId: client.id });
      await right(alice.tasks.update(linked.id, { projectId: other.id }));
      expect(await right(alice.times.get(time.id))).to.deep.include({
        projectId: project.id,
        clientId: client.id,
      });
      // A task without a project or client leaves the record its own.
      const bare = await task();
      const own = await right(alice.times.create({ timeReally: 60, taskId: bare.id, projectId: other.id }));
      expect(own).to.deep.include({ projectId: other.id, clientId: null });
    });

    it('reads, patches and deletes time records, and lists them newest first with filters', async () => {
      const project = await right(alice.projects.create({ name: 'p' }));
      const early = await right(alice.times.create({ timeReally: 600, date: '2026-03-01 09:00:00' }));
      const late = await right(
        alice.times.create({ timeReally: 900, date: '2026-03-02', projectId: project.id }),
      );
      expect(await right(alice.times.get(early.id))).to.deep.equal(early);
      world.clock.advance(1000);
      const patched = await right(alice.times.update(early.id, { timeReally: 1200, description: 'review' }));
      expect(patched).to.deep.include({ timeReally: 1200, description: 'review', date: early.date });
      expect(patched.updatedAt.getTime()).to.equal(early.updatedAt.getTime() + 1000);
      expect(ids(await right(alice.times.list()))).to.deep.equal([late.id, early.id]);
      expect(ids(await right(alice.times.list({ projectId: project.id })))).to.deep.equal([late.id]);
      expect(
        ids(await right(alice.times.list({ dateFrom: '2026-03-01', dateTo: '2026-03-01' }))),
      ).to.deep.equal([early.id]);
      // @ts-expect-error the time spent cannot be cleared
      expect(await left(alice.times.update(early.id, { timeReally: null }))).to.deep.include({
        _tag: 'ValidationFailed',
      });
      expect(await right(alice.times.delete(early.id))).to.deep.equal({ id: early.id });
      expect(await left(alice.times.get(early.id))).to.deep.include({ _tag: 'NotFound' });
    });

    it("hides one owner's time and money records from another: get, patch, delete and list", async () => {
      const time = await right(alice.times.create({ timeReally: 60 }));
      const money = await right(alice.moneys.create({ type: 1, price: 1 }));
      const outcomes: Promise<E.Either<{ readonly _tag: string }, unknown>>[] = [
        bob.times.get(time.id),
        bob.times.update(time.id, { description: 'mine now' }),
        bob.times.delete(time.id),
        bob.moneys.get(money.id),
        bob.moneys.update(money.id, { price: 2 }),
        bob.moneys.delete(money.id),
      ];
      for (const outcome of outcomes) {
        expect(await left(outcome)).to.deep.include({ _tag: 'NotFound' });
      }
      expect((await right(bob.times.list())).total).to.equal(0);
      expect((await right(bob.moneys.list())).total).to.equal(0);
      expect(await right(alice.times.get(time.id))).to.deep.equal(time);
      expect(await right(alice.moneys.get(money.id))).to.deep.equal(money);
    });

    it('checks the transfer rules on a money record as the patch would leave it, and changes nothing when broken', async () => {
      const from = await right(alice.cards.create({ name: 'from' }));
      const to = await right(alice.cards.create({ name: 'to' }));
      const expense = await right(alice.moneys.create({ type: 2, price: 10, card: from.id }));
      expect(await left(alice.moneys.update(expense.id, { type: 3 }))).to.deep.include({
        _tag: 'ValidationFailed',
      });
      expect(await left(alice.moneys.update(expense.id, { toCard: to.id }))).to.deep.include({
        _tag: 'ValidationFailed',
      });
      expect(await right(alice.moneys.get(expense.id))).to.deep.equal(expense);
      const transfer = await right(alice.moneys.update(expense.id, { type: 3, toCard: to.id, price: 10.05 }));
      expect(transfer).to.deep.include({ type: 3, card: from.id, toCard: to.id, price: 10.05 });
      expect(ids(await right(alice.moneys.list({ card: to.id })))).to.deep.equal([expense.id]);
      expect(ids(await right(alice.moneys.list({ type: 2 })))).to.deep.equal([]);
    });

    it('frees a card for deletion once the money records using it are deleted', async () => {
      const card = await right(alice.cards.create({ name: 'once' }));
      const money = await right(alice.moneys.create({ type: 2, price: 3, card: card.id }));
      expect(await left(alice.cards.delete(card.id))).to.deep.include({ code: 'CARD_IN_USE' });
      await right(alice.moneys.delete(money.id));
      expect(await right(alice.cards.delete(card.id))).to.deep.equal({ id: card.id });
    });
  });
};
