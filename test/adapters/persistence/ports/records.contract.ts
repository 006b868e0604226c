import { expect } from 'chai';
import type { Paged } from '../../../../application/ports/paging.js';
import type { Duration } from '../../../../domain/shared/duration.js';
import type { Money } from '../../../../domain/shared/money.js';
import { type RecordKindName, referrersOf } from '../../../../domain/workspace/references.js';
import { localDate, localDateTime } from '../../../support/builders.js';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { AT, portSuite } from './port-fixture.js';

const NO_LINKS = { clientId: null, projectId: null, taskId: null, categoryId: null };
const client = (name: string, active = true) => ({
  name,
  email: null,
  phone: null,
  description: null,
  active,
});
const named = (name: string, active = true) => ({ name, description: null, active });
const note = (name: string, description: string | null = null, active = true) => ({
  ...NO_LINKS,
  name,
  description,
  active,
  date: null,
});
const idsOf = (page: Paged<{ readonly id: number }>) => page.items.map((item) => item.id);
const PAGE = { limit: 50, offset: 0 };

/** RecordRepository (every kind), RecordUsage and ReferenceLookup: the write side of records. */
export const recordRepositoryContract = (factory: HarnessFactory): void =>
  portSuite('RecordRepository, RecordUsage, ReferenceLookup', factory, (fixture) => {
    it('stores a record exactly, finds it only for its owner, updates and deletes it', async () => {
      const { write, addUser } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const fields = {
        name: 'Ünïcode Co',
        email: 'a@b.c',
        phone: '+380 44',
        description: 'long',
        active: true,
      };
      const stored = await write((r) => r.clients.add(alice, fields, AT));
      expect(stored).to.deep.equal({
        ...fields,
        id: stored.id,
        ownerId: alice,
        createdAt: AT,
        updatedAt: AT,
      });
      expect(await write((r) => r.clients.findOwned(alice, stored.id))).to.deep.equal(stored);
      expect(await write((r) => r.clients.findOwned(bob, stored.id))).to.equal(null);

      const changed = {
        ...stored,
        name: 'Renamed',
        active: false,
        updatedAt: new Date('2026-03-02T00:00:00Z'),
      };
      await write((r) => r.clients.update(changed));
      expect(await write((r) => r.clients.findOwned(alice, stored.id))).to.deep.equal(changed);
      // Read and stored again as it is (an edit within the millisecond of the last): nothing to set.
      await write(async (r) =>
        r.clients.update((await r.clients.findOwnedForUpdate(alice, stored.id)) ?? changed),
      );
      expect(await write((r) => r.clients.findOwned(alice, stored.id))).to.deep.equal(changed);
      await write((r) => r.clients.delete(stored.id));
      expect(await write((r) => r.clients.findOwned(alice, stored.id))).to.equal(null);
    });

    it('stores many records at once with their own times, in the order given, and knows who owns any', async () => {
      const { write, addUser, harness } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      expect(await write((r) => r.usage.ownsAny(alice))).to.equal(false);
      const changedAt = new Date('2026-04-01T10:00:00Z');
      const many = Array.from({ length: 1_201 }, (_, index) => ({
        name: `card ${index}`,
        description: null,
        active: index % 2 === 0,
        createdAt: AT,
        updatedAt: changedAt,
      }));
      const stored = await write((r) => r.cards.addAll(alice, many));
      expect(stored.map((card) => card.name)).to.deep.equal(many.map((card) => card.name));
      for (const card of [stored[0], stored[600], stored[1_200]]) {
        if (card === undefined) throw new Error('a card is missing');
        expect(await write((r) => r.cards.findOwned(alice, card.id))).to.deep.equal(card);
        expect(card).to.deep.include({ ownerId: alice, createdAt: AT, updatedAt: changedAt });
      }
      expect(await write((r) => r.usage.ownsAny(alice))).to.equal(true);
      expect(await write((r) => r.usage.ownsAny(bob))).to.equal(false);
      await harness.seedClient(bob);
      expect(await write((r) => r.usage.ownsAny(bob))).to.equal(true);
    });

    it('stores time and money records with durations and decimal amounts exactly', async () => {
      const { write, addUser } = fixture();
      const alice = await addUser('alice');
      const card = await write((r) => r.cards.add(alice, named('wallet'), AT));
      const time = await write((r) =>
        r.times.add(
          alice,
          { ...NO_LINKS, timeReally: 35_999_999 as Duration, description: null, date: null },
          AT,
        ),
      );
      const money = await write((r) =>
        r.moneys.add(
          alice,
          {
            ...NO_LINKS,
            type: 3,
            price: 999_999_999_999.99 as Money,
            card: card.id,
            toCard: null,
            description: 'transfer',
            date: null,
          },
          AT,
        ),
      );
      expect(await write((r) => r.times.findOwned(alice, time.id))).to.deep.equal(time);
      expect(await write((r) => r.moneys.findOwned(alice, money.id))).to.deep.equal(money);
    });

    it('knows, for every reference in REFERENCES, when a record is pointed at', async () => {
      const { write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const targets = {
        client: (await write((r) => r.clients.add(alice, client('c'), AT))).id,
        project: (await write((r) => r.projects.add(alice, { ...named('p'), clientId: null }, AT))).id,
        category: (await write((r) => r.categories.add(alice, named('cat'), AT))).id,
        card: (await write((r) => r.cards.add(alice, named('wallet'), AT))).id,
        task: (await addTask(alice)).id,
      };
      const kinds = Object.keys(targets) as (keyof typeof targets)[];
      for (const kind of kinds)
        expect(await write((r) => r.usage.isReferenced(kind, targets[kind])), `${kind} unused`).to.equal(
          false,
        );

      const referrers = kinds.flatMap((target) =>
        referrersOf(target).map((referrer) => ({ target, referrer })),
      );
      expect(referrers.length, 'REFERENCES has references to check').to.be.greaterThan(10);
      for (const { target, referrer } of referrers) {
        const pointing = await pointAt(referrer.kind, referrer.field, targets[target]);
        expect(
          await write((r) => r.usage.isReferenced(target, targets[target])),
          `${referrer.kind}.${referrer.field}`,
        ).to.equal(true);
        await pointing.remove();
        expect(await write((r) => r.usage.isReferenced(target, targets[target]))).to.equal(false);
      }

      /** Stores a record of `kind` whose `field` holds `id`, and answers how to remove it again. */
      async function pointAt(kind: RecordKindName, field: string, id: number) {
        const link = { [field]: id };
        switch (kind) {
          case 'task': {
            const task = await addTask(alice, link);
            return { remove: () => write((r) => r.tasks.delete(task.id)) };
          }
          case 'project': {
            const project = await write((r) =>
              r.projects.add(alice, { ...named('p2'), clientId: null, ...link }, AT),
            );
            return { remove: () => write((r) => r.projects.delete(project.id)) };
          }
          case 'note': {
            const stored = await write((r) => r.notes.add(alice, { ...note('n'), ...link }, AT));
            return { remove: () => write((r) => r.notes.delete(stored.id)) };
          }
          case 'time': {
            const fields = {
              ...NO_LINKS,
              timeReally: 60 as Duration,
              description: null,
              date: null,
              ...link,
            };
            const stored = await write((r) => r.times.add(alice, fields, AT));
            return { remove: () => write((r) => r.times.delete(stored.id)) };
          }
          case 'money': {
            const fields = {
              ...NO_LINKS,
              type: 2 as const,
              price: 1 as Money,
              card: null,
              toCard: null,
              description: null,
              date: null,
              ...link,
            };
            const stored = await write((r) => r.moneys.add(alice, fields, AT));
            return { remove: () => write((r) => r.moneys.delete(stored.id)) };
          }
          default:
            throw new Error(
              `REFERENCES names ${kind} as a referrer; this test does not know how to store one`,
            );
        }
      }
    });

    it('looks references up for their owner only, a project with its client, a task with both', async () => {
      const { write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const owned = (await write((r) => r.clients.add(alice, client('c'), AT))).id;
      const project = await write((r) => r.projects.add(alice, { ...named('p'), clientId: owned }, AT));
      const task = await addTask(alice);
      expect(await write((r) => r.references.client(alice, owned))).to.equal(true);
      expect(await write((r) => r.references.client(bob, owned))).to.equal(false);
      expect(await write((r) => r.references.project(alice, project.id))).to.deep.equal({
        id: project.id,
        clientId: owned,
      });
      expect(await write((r) => r.references.project(bob, project.id))).to.equal(null);
      expect(await write((r) => r.references.task(alice, task.id))).to.deep.equal({
        id: task.id,
        projectId: null,
        clientId: null,
      });
      expect(await write((r) => r.references.task(bob, task.id))).to.equal(null);
      expect(await write((r) => r.references.user(bob))).to.equal(true);
      expect(await write((r) => r.references.user(bob + 100))).to.equal(false);
    });
  });

export const recordReadModelContract = (factory: HarnessFactory): void =>
  portSuite('RecordReadModel', factory, (fixture) => {
    it('lists active or archived clients of one owner, paged, with the total', async () => {
      const { persistence, write, addUser } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const a = await write((r) => r.clients.add(alice, client('a'), AT));
      const b = await write((r) => r.clients.add(alice, client('b', false), AT));
      const c = await write((r) => r.clients.add(alice, client('c'), AT));
      await write((r) => r.clients.add(bob, client('not yours'), AT));
      const read = persistence.recordReadModel;
      expect(idsOf(await read.clients(alice, { ...PAGE, active: true, orderBy: null }))).to.deep.equal([
        a.id,
        c.id,
      ]);
      expect(idsOf(await read.clients(alice, { ...PAGE, active: false, orderBy: null }))).to.deep.equal([
        b.id,
      ]);
      const page = await read.clients(alice, { limit: 1, offset: 1, active: true, orderBy: null });
      expect([idsOf(page), page.total]).to.deep.equal([[c.id], 2]);
    });

    it('orders clients by their latest record of a type, newest first, the rest by id', async () => {
      const { persistence, write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const [a, b, c, d] = await Promise.all(
        ['a', 'b', 'c', 'd'].map((name) => write((r) => r.clients.add(alice, client(name), AT))),
      );
      if (!a || !b || !c || !d) throw new Error('four clients');
      await addTask(alice, { clientId: c.id, createdAt: new Date('2026-03-01T10:00:00Z') });
      await addTask(alice, { clientId: a.id, createdAt: new Date('2026-03-01T11:00:00Z') });
      await write((r) =>
        r.notes.add(alice, { ...note('n'), clientId: d.id }, new Date('2026-03-01T12:00:00Z')),
      );
      const fields = {
        ...NO_LINKS,
        clientId: b.id,
        timeReally: 60 as Duration,
        description: null,
        date: null,
      };
      await write((r) => r.times.add(alice, fields, new Date('2026-03-01T12:00:00Z')));
      const order = async (orderBy: 'task' | 'note' | 'time' | 'money') =>
        idsOf(await persistence.recordReadModel.clients(alice, { ...PAGE, active: true, orderBy }));
      const byId = [a.id, b.id, c.id, d.id].sort((x, y) => x - y);
      expect(await order('task')).to.deep.equal([
        a.id,
        c.id,
        ...byId.filter((id) => id !== a.id && id !== c.id),
      ]);
      expect((await order('note'))[0]).to.equal(d.id);
      expect((await order('time'))[0]).to.equal(b.id);
      expect(await order('money')).to.deep.equal(byId);
    });

    it('counts the clients ordered by a latest record as the active ones, one each, on a page past them too', async () => {
      const { persistence, write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const [a] = await Promise.all(
        ['a', 'b'].map((name) => write((r) => r.clients.add(alice, client(name), AT))),
      );
      await write((r) => r.clients.add(alice, client('archived', false), AT));
      if (!a) throw new Error('a client');
      await addTask(alice, { clientId: a.id });
      await addTask(alice, { clientId: a.id });
      const clients = (offset: number) =>
        persistence.recordReadModel.clients(alice, { ...PAGE, offset, active: true, orderBy: 'task' });
      expect((await clients(0)).total).to.equal(2);
      const past = await clients(5);
      expect({ items: past.items.length, total: past.total }).to.deep.equal({ items: 0, total: 2 });
    });

    it('filters projects by client and cascades active to the client', async () => {
      const { persistence, write, addUser } = fixture();
      const alice = await addUser('alice');
      const archived = await write((r) => r.clients.add(alice, client('old', false), AT));
      const live = await write((r) => r.clients.add(alice, client('live'), AT));
      const project = (name: string, clientId: number | null, active = true) =>
        write((r) => r.projects.add(alice, { ...named(name, active), clientId }, AT));
      const p1 = await project('p1', live.id);
      const p2 = await project('p2', archived.id);
      const p3 = await project('p3', null, false);
      const p4 = await project('p4', null);
      const list = async (query: { active?: boolean; clientId?: number }) =>
        idsOf(await persistence.recordReadModel.projects(alice, { ...PAGE, ...query }));
      expect(await list({})).to.deep.equal([p1.id, p2.id, p3.id, p4.id]);
      expect(await list({ active: true })).to.deep.equal([p1.id, p4.id]);
      expect(await list({ active: false })).to.deep.equal([p2.id, p3.id]);
      expect(await list({ clientId: live.id })).to.deep.equal([p1.id]);
    });

    it('searches notes by name or description with %, _ and \\ literal, and filters by active', async () => {
      const { persistence, write, addUser } = fixture();
      const alice = await addUser('alice');
      const percent = await write((r) => r.notes.add(alice, note('100% done'), AT));
      const described = await write((r) => r.notes.add(alice, note('x', 'Snake_Case here'), AT));
      const archived = await write((r) => r.notes.add(alice, note('old', null, false), AT));
      await write((r) => r.notes.add(alice, note('1000 done'), AT));
      const list = (query: { active?: boolean; search?: string }) =>
        persistence.recordReadModel.notes(alice, { ...PAGE, ...query });
      expect(idsOf(await list({ search: '0%' }))).to.deep.equal([percent.id]);
      expect(idsOf(await list({ search: 'e_c' }))).to.deep.equal([described.id]);
      expect(idsOf(await list({ active: false }))).to.deep.equal([archived.id]);
      expect((await list({})).total).to.equal(4);
    });

    it('searches only the owner’s notes, finds a term only whole in one field, and follows edits', async () => {
      const { persistence, write, addUser } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const budget = await write((r) => r.notes.add(alice, note('Budget 2027', 'for the BOARD'), AT));
      await write((r) => r.notes.add(alice, note('bud and dget', 'the bud'), AT)); // pieces of "budget"
      const archived = await write((r) => r.notes.add(alice, note('old budget', null, false), AT));
      await write((r) => r.notes.add(bob, note('budget of bob'), AT));
      const list = (query: { active?: boolean; search?: string }) =>
        persistence.recordReadModel.notes(alice, { ...PAGE, ...query });
      expect(idsOf(await list({ search: 'BUDGET' }))).to.deep.equal([budget.id, archived.id]);
      expect((await list({ search: 'budget' })).total).to.equal(2);
      expect(idsOf(await list({ search: 'budget', active: true }))).to.deep.equal([budget.id]);
      expect(idsOf(await list({ search: 'board' }))).to.deep.equal([budget.id]);
      expect(idsOf(await list({ search: 'get for' }))).to.deep.equal([]); // across name and description
      expect(idsOf(await list({ search: 'bu' }))).to.deep.equal([budget.id, budget.id + 1, archived.id]);

      await write((r) =>
        r.notes.update({ ...budget, name: 'Plan 2027', updatedAt: new Date('2026-03-02T00:00:00Z') }),
      );
      expect(idsOf(await list({ search: 'budget' }))).to.deep.equal([archived.id]);
      expect(idsOf(await list({ search: 'plan' }))).to.deep.equal([budget.id]);
      await write((r) => r.notes.delete(archived.id));
      expect((await list({ search: 'budget' })).total).to.equal(0);
    });

    it('lists categories and cards of one owner by active', async () => {
      const { persistence, write, addUser } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const category = await write((r) => r.categories.add(alice, named('cat'), AT));
      const archivedCard = await write((r) => r.cards.add(alice, named('old', false), AT));
      await write((r) => r.cards.add(bob, named('theirs'), AT));
      const read = persistence.recordReadModel;
      expect(idsOf(await read.categories(alice, { ...PAGE, active: true }))).to.deep.equal([category.id]);
      expect(idsOf(await read.cards(alice, { ...PAGE, active: true }))).to.deep.equal([]);
      expect(idsOf(await read.cards(alice, { ...PAGE, active: false }))).to.deep.equal([archivedCard.id]);
    });

    it('lists time records newest first by date, undated last, then by id, with link and day filters', async () => {
      const { persistence, write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const acme = await write((r) => r.clients.add(alice, client('acme'), AT));
      const task = await addTask(alice);
      const time = (owner: number, date: string | null, links: object = {}) =>
        write((r) =>
          r.times.add(
            owner,
            {
              ...NO_LINKS,
              ...links,
              timeReally: 60 as Duration,
              description: null,
              date: date === null ? null : localDateTime(date),
            },
            AT,
          ),
        );
      const undated = await time(alice, null);
      const march1 = await time(alice, '2026-03-01T09:00:00', { clientId: acme.id });
      const march2Late = await time(alice, '2026-03-02T23:59:59', { taskId: task.id });
      const march2Early = await time(alice, '2026-03-02T00:00:00');
      const march2Again = await time(alice, '2026-03-02T00:00:00');
      await time(bob, '2026-03-05T00:00:00');
      const list = async (query: object = {}) =>
        idsOf(await persistence.recordReadModel.times(alice, { ...PAGE, ...query }));
      expect(await list()).to.deep.equal([
        march2Late.id,
        march2Again.id,
        march2Early.id,
        march1.id,
        undated.id,
      ]);
      expect(await list({ dateFrom: '2026-03-02', dateTo: '2026-03-02' })).to.deep.equal([
        march2Late.id,
        march2Again.id,
        march2Early.id,
      ]);
      expect(await list({ dateTo: '2026-03-01' })).to.deep.equal([march1.id]);
      expect(await list({ clientId: acme.id })).to.deep.equal([march1.id]);
      expect(await list({ taskId: task.id })).to.deep.equal([march2Late.id]);
      const page = await persistence.recordReadModel.times(alice, { limit: 2, offset: 3 });
      expect([idsOf(page), page.total]).to.deep.equal([[march1.id, undated.id], 5]);
      // Asked without a count, a page is the same; its total only a lower bound.
      for (const query of [
        { limit: 2, offset: 1 },
        { limit: 2, dateFrom: localDate('2026-03-02') },
      ]) {
        const counted = await persistence.recordReadModel.times(alice, { offset: 0, ...query });
        const uncounted = await persistence.recordReadModel.times(alice, {
          offset: 0,
          ...query,
          count: false,
        });
        expect([uncounted.items, uncounted.next]).to.deep.equal([counted.items, counted.next]);
        expect(uncounted.total).to.be.within(counted.items.length, counted.total);
      }
    });

    it('lists money records by type, and by a card on either side of a transfer', async () => {
      const { persistence, write, addUser } = fixture();
      const alice = await addUser('alice');
      const wallet = await write((r) => r.cards.add(alice, named('wallet'), AT));
      const bank = await write((r) => r.cards.add(alice, named('bank'), AT));
      const money = (type: 1 | 2 | 3, card: number | null, toCard: number | null, date: string | null) =>
        write((r) =>
          r.moneys.add(
            alice,
            {
              ...NO_LINKS,
              type,
              price: 12.5 as Money,
              card,
              toCard,
              description: null,
              date: date === null ? null : localDateTime(date),
            },
            AT,
          ),
        );
      const income = await money(1, bank.id, null, '2026-03-01T00:00:00');
      const expense = await money(2, wallet.id, null, '2026-03-03T00:00:00');
      const transfer = await money(3, bank.id, wallet.id, '2026-03-02T00:00:00');
      const list = async (query: object = {}) =>
        idsOf(await persistence.recordReadModel.moneys(alice, { ...PAGE, ...query }));
      expect(await list()).to.deep.equal([expense.id, transfer.id, income.id]);
      expect(await list({ type: 2 })).to.deep.equal([expense.id]);
      expect(await list({ card: wallet.id })).to.deep.equal([expense.id, transfer.id]);
      expect(await list({ card: bank.id, type: 3 })).to.deep.equal([transfer.id]);
      const [first] = (await persistence.recordReadModel.moneys(alice, { ...PAGE, type: 1 })).items;
      expect(first).to.deep.include({
        price: 12.5,
        card: bank.id,
        toCard: null,
        date: '2026-03-01T00:00:00',
      });
    });
  });
