import { expect } from 'chai';
import { KeptPages, MAX_KEPT_ITEMS } from '../../../adapters/persistence/mikro-orm/read/kept-pages.js';
import type { QuerySample } from '../../../adapters/persistence/query-observer.js';
import type { TaskListQuery } from '../../../application/ports/task-read-model.port.js';
import type { Duration } from '../../../domain/shared/duration.js';
import type { LocalDateTime } from '../../../domain/shared/local-date-time.js';
import type { Task } from '../../../domain/task/task.js';
import type { TaskTitle } from '../../../domain/task/task-title.js';
import { FRESH_SQL_DATABASES } from '../../support/persistence-harness.js';
import { AT, withVisibleVersions } from '../../support/visible-versions.js';

const PAGE = { sort: { by: 'id', direction: 'asc' }, limit: 10, offset: 0 } as const;

describe('kept pages: how many items they hold', () => {
  const page = (items: number) => ({ items: Array.from({ length: items }, (_, i) => i), total: items });

  it('forgets every kept page once keeping another would hold more items than the bound', () => {
    const pages = new KeptPages();
    pages.keep('first', 1, page(MAX_KEPT_ITEMS - 10));
    pages.keep('second', 1, page(10));
    expect(pages.get('first')?.paged.total).to.equal(MAX_KEPT_ITEMS - 10);
    pages.keep('third', 1, page(1));
    expect(pages.get('first')).to.equal(undefined);
    expect(pages.get('second')).to.equal(undefined);
    expect(pages.get('third')?.version).to.equal(1);
  });

  it('counts a page kept again under its key once, not twice', () => {
    const pages = new KeptPages();
    for (let version = 1; version <= 3; version += 1) pages.keep('same', version, page(MAX_KEPT_ITEMS / 2));
    pages.keep('other', 1, page(MAX_KEPT_ITEMS / 2));
    expect(pages.get('same')?.version).to.equal(3);
    expect(pages.get('other')?.version).to.equal(1);
  });
});

for (const { name, open } of FRESH_SQL_DATABASES) {
  describe(`kept pages on ${name}: a list's page answered again while the rows it lists stand`, function () {
    this.timeout(60_000);
    /** The statements the service's persistence ran since the last `statements()`. */
    let ran: string[] = [];
    const statements = () => {
      const seen = ran;
      ran = [];
      return seen;
    };
    const db = withVisibleVersions(open, (sample: QuerySample) => ran.push(sample.sql));
    const { write, unseen, addTask, change } = db;
    let alice: number;
    let bob: number;

    const titles = async (userId: number, query: Partial<TaskListQuery> = {}) =>
      (await db.persistence().taskReadModel.list(userId, { ...PAGE, ...query })).items.map(
        (task) => task.title,
      );
    const LINKS = { clientId: null, projectId: null, categoryId: null, taskId: null };
    const addTime = (ownerId: number, description: string) =>
      write((r) =>
        r.times.add(
          ownerId,
          {
            ...LINKS,
            timeReally: 60 as Duration,
            description,
            date: '2026-03-02 09:00:00' as LocalDateTime,
          },
          AT,
        ),
      );
    const addClient = (ownerId: number, clientName: string) =>
      write((r) =>
        r.clients.add(
          ownerId,
          { name: clientName, email: null, phone: null, description: null, active: true },
          AT,
        ),
      );
    /** The names of the owner's active clients, the one with the latest task first. */
    const byLatestTask = async (ownerId: number) =>
      (
        await db.persistence().recordReadModel.clients(ownerId, {
          limit: 10,
          offset: 0,
          active: true,
          orderBy: 'task',
        })
      ).items.map((client) => client.name);

    before(async () => {
      alice = await db.user('alice');
      bob = await db.user('bob');
    });

    it('answers a page asked again while the version stands with one read of that version, and reads it again once the version moves', async () => {
      await addTask(alice, 'first');
      expect(await titles(alice)).to.deep.equal(['first']);
      statements();
      expect(await titles(alice)).to.deep.equal(['first']);
      const [only, ...more] = statements();
      expect(more).to.deep.equal([]);
      expect(only)
        .to.match(/visible_row_versions/)
        .and.not.match(/\bfrom tasks\b/);
      // A task the version does not show: the kept page answers, so the list was not read again.
      await unseen(alice, 'tasks', () => addTask(alice, 'unseen'));
      expect(await titles(alice)).to.deep.equal(['first']);
      // Any write to a task Alice sees moves the version: the page is read again, and right.
      await addTask(alice, 'third');
      expect(await titles(alice)).to.deep.equal(['first', 'unseen', 'third']);
    });

    it('keeps each page apart: another window, filter or search reads on its own', async () => {
      await addTask(bob, 'apart one');
      expect(await titles(bob)).to.deep.equal(['apart one']);
      await unseen(bob, 'tasks', () => addTask(bob, 'apart two'));
      expect(await titles(bob)).to.deep.equal(['apart one']);
      expect(await titles(bob, { offset: 1 })).to.deep.equal(['apart two']);
      expect(await titles(bob, { limit: 5 })).to.deep.equal(['apart one', 'apart two']);
      expect(await titles(bob, { status: 0 })).to.deep.equal(['apart one', 'apart two']);
      expect(await titles(bob, { search: 'apart' })).to.deep.equal(['apart one', 'apart two']);
    });

    it('reads the assignee’s page again when a task is assigned to them, changed or taken away', async () => {
      const before = await titles(bob, { search: 'handed' });
      const task = await addTask(alice, 'handed over', bob);
      expect(await titles(bob, { search: 'handed' })).to.deep.equal([...before, 'handed over']);
      const renamed = await change(task, { title: 'handed back' as TaskTitle });
      expect(await titles(bob, { search: 'handed' })).to.deep.equal([...before, 'handed back']);
      await change(renamed, { assigneeId: null });
      expect(await titles(bob, { search: 'handed' })).to.deep.equal(before);
    });

    it('keeps no page that another table decides (whether projects and clients are active)', async () => {
      await addTask(alice, 'cascade one');
      expect(await titles(alice, { search: 'cascade', active: true })).to.deep.equal(['cascade one']);
      await unseen(alice, 'tasks', () => addTask(alice, 'cascade two'));
      expect(await titles(alice, { search: 'cascade', active: true })).to.deep.equal([
        'cascade one',
        'cascade two',
      ]);
    });

    it('keeps no empty page, whose total a statement of its own read', async () => {
      expect(await titles(alice, { search: 'nothing yet' })).to.deep.equal([]);
      await unseen(alice, 'tasks', () => addTask(alice, 'nothing yet here'));
      expect(await titles(alice, { search: 'nothing yet' })).to.deep.equal(['nothing yet here']);
    });

    it('hands out a copy of a kept page: whoever changes it changes nothing the next caller gets', async () => {
      const first = await db.persistence().taskReadModel.list(alice, PAGE);
      (first.items as Task[]).length = 0;
      const again = await db.persistence().taskReadModel.list(alice, PAGE);
      expect(again.items.length).to.be.greaterThan(0);
      expect(again.total).to.equal(first.total);
    });

    it('raises the owner’s clients version with every write to one of their clients, and every change to the latest record of one', async () => {
      const carol = await db.user('carol');
      let last = await db.versionOf(carol, 'clients');
      /** Whether the clients version moved since the last look. */
      const moved = async () => {
        const now = await db.versionOf(carol, 'clients');
        const did = now !== last;
        last = now;
        return did;
      };
      const client = await addClient(carol, 'versioned');
      expect(await moved()).to.equal(true);
      await write((r) => r.clients.update({ ...client, name: 'renamed' }));
      expect(await moved()).to.equal(true);
      const task = await addTask(carol, 'unlinked');
      expect(await moved()).to.equal(false);
      // Linked to the client, the task becomes its latest; moved away, the client has none again.
      const linked = await change(task, { clientId: client.id });
      expect(await moved()).to.equal(true);
      await change(linked, { clientId: null });
      expect(await moved()).to.equal(true);
    });

    it('keeps a page of clients by their latest task, and reads it again once another task is their latest', async () => {
      const dana = await db.user('dana');
      const early = await addClient(dana, 'early');
      const late = await addClient(dana, 'late');
      await addTask(dana, 'for early', null, {
        clientId: early.id,
        createdAt: new Date('2026-03-01T00:00:00Z'),
      });
      await addTask(dana, 'for late', null, {
        clientId: late.id,
        createdAt: new Date('2026-03-02T00:00:00Z'),
      });
      expect(await byLatestTask(dana)).to.deep.equal(['late', 'early']);
      await unseen(dana, 'clients', () => addClient(dana, 'unseen'));
      expect(await byLatestTask(dana)).to.deep.equal(['late', 'early']);
      // A later task for the early client moves the clients version: the page is read again.
      await addTask(dana, 'later for early', null, {
        clientId: early.id,
        createdAt: new Date('2026-03-03T00:00:00Z'),
      });
      expect(await byLatestTask(dana)).to.deep.equal(['early', 'late', 'unseen']);
    });

    it('keeps a page of time records while the owner’s time records stand', async () => {
      const descriptions = async () =>
        (await db.persistence().recordReadModel.times(bob, { limit: 10, offset: 0 })).items.map(
          (time) => time.description,
        );
      await addTime(bob, 'kept hour');
      expect(await descriptions()).to.deep.equal(['kept hour']);
      await unseen(bob, 'time_records', () => addTime(bob, 'unseen hour'));
      expect(await descriptions()).to.deep.equal(['kept hour']);
      await addTime(bob, 'seen hour');
      expect(await descriptions()).to.have.members(['kept hour', 'unseen hour', 'seen hour']);
    });
  });
}
