import { expect } from 'chai';
import type { TaskListQuery } from '../../../application/ports/task-read-model.port.js';
import type { Duration } from '../../../domain/shared/duration.js';
import type { LocalDate, LocalDateTime } from '../../../domain/shared/local-date-time.js';
import type { Money } from '../../../domain/shared/money.js';
import type { TaskTitle } from '../../../domain/task/task-title.js';
import { FRESH_SQL_DATABASES } from '../../support/persistence-harness.js';
import { AT, withVisibleVersions } from '../../support/visible-versions.js';

const PAGE = { sort: { by: 'id', direction: 'asc' }, limit: 1, offset: 0 } as const;

for (const { name, open } of FRESH_SQL_DATABASES) {
  describe(`kept counts on ${name}: a filtered list's total kept while the tasks it counts stand`, function () {
    this.timeout(60_000);
    const db = withVisibleVersions(open);
    const { write, versionOf, unseen, addTask, change } = db;
    let alice: number;
    let bob: number;
    let carol: number;

    const total = async (userId: number, query: Partial<TaskListQuery>) =>
      (await db.persistence().taskReadModel.list(userId, { ...PAGE, ...query })).total;
    const versions = async () => [await versionOf(alice), await versionOf(bob), await versionOf(carol)];
    const addUnseen = (ownerId: number, title: string) =>
      unseen(ownerId, 'tasks', () => addTask(ownerId, title));
    const LINKS = { clientId: null, projectId: null, categoryId: null, taskId: null };
    const addNote = (ownerId: number, name: string) =>
      write((r) => r.notes.add(ownerId, { ...LINKS, name, description: null, active: true, date: null }, AT));
    const addTime = (ownerId: number, date: string) =>
      write((r) =>
        r.times.add(
          ownerId,
          { ...LINKS, timeReally: 60 as Duration, description: null, date: date as LocalDateTime },
          AT,
        ),
      );

    before(async () => {
      alice = await db.user('alice');
      bob = await db.user('bob');
      carol = await db.user('carol');
    });

    it('raises the version of the tasks a user sees with every write to one: its owner’s, its assignee’s before and after', async () => {
      const start = await versions();
      /** How far Alice's, Bob's and Carol's versions moved since the start. */
      const moved = async () => (await versions()).map((version, i) => version - (start[i] ?? 0));
      const task = await addTask(alice, 'versioned');
      expect(await moved()).to.deep.equal([1, 0, 0]);
      const assigned = await change(task, { assigneeId: bob });
      expect(await moved()).to.deep.equal([2, 1, 0]);
      const reassigned = await change(assigned, { assigneeId: carol });
      expect(await moved()).to.deep.equal([3, 2, 1]);
      await write((r) => r.tasks.delete(reassigned.id));
      expect(await moved()).to.deep.equal([4, 2, 2]);
    });

    it('answers a search’s kept count while the version stands, and counts again once it moves', async () => {
      await addTask(alice, 'kept report one');
      await addTask(alice, 'kept report two');
      expect(await total(alice, { search: 'kept report' })).to.equal(2);
      // A third match the version does not show: the kept count answers, so it was not counted again.
      await addUnseen(alice, 'kept report three');
      expect(await total(alice, { search: 'kept report' })).to.equal(2);
      // Any write to a task Alice sees moves the version: the count is made again, and right.
      await addTask(alice, 'unrelated');
      expect(await total(alice, { search: 'kept report' })).to.equal(3);
    });

    it('keeps each count apart: another term, another filter or another page’s horizon counts on its own', async () => {
      await addTask(alice, 'apart alpha');
      expect(await total(alice, { search: 'apart' })).to.equal(1);
      await addUnseen(alice, 'apart beta');
      expect(await total(alice, { search: 'apart' })).to.equal(1);
      expect(await total(alice, { search: 'apart b' })).to.equal(1);
      expect(await total(alice, { search: 'apart', status: 0 })).to.equal(2);
      expect(await total(alice, { search: 'apart', offset: 1 })).to.equal(2);
    });

    it('counts a task assigned by another owner in the assignee’s total, and stops when it is retitled', async () => {
      const task = await addTask(bob, 'shared agenda', alice);
      expect(await total(alice, { search: 'shared agenda' })).to.equal(1);
      await change(task, { title: 'renamed' as TaskTitle });
      expect(await total(alice, { search: 'shared agenda' })).to.equal(0);
    });

    it('raises the owner’s version of notes, time and money records with every write to one, and of no other table', async () => {
      const tables = ['tasks', 'notes', 'time_records', 'money_records'];
      const start = await Promise.all(tables.map((table) => versionOf(bob, table)));
      const moved = async () =>
        (await Promise.all(tables.map((table) => versionOf(bob, table)))).map(
          (version, i) => version - (start[i] ?? 0),
        );
      const note = await addNote(bob, 'versioned');
      expect(await moved()).to.deep.equal([0, 1, 0, 0]);
      await write((r) => r.notes.update({ ...note, name: 'renamed' }));
      await addTime(bob, '2026-03-02 09:00:00');
      expect(await moved()).to.deep.equal([0, 2, 1, 0]);
      await write((r) =>
        r.moneys.add(
          bob,
          { ...LINKS, type: 2, price: 100 as Money, card: null, toCard: null, date: null, description: null },
          AT,
        ),
      );
      await write((r) => r.notes.delete(note.id));
      expect(await moved()).to.deep.equal([0, 3, 1, 1]);
    });

    it('raises a version once or more, and fails nothing, when one statement writes many rows of one owner', async () => {
      const before = await versionOf(carol, 'time_records');
      await db
        .raw()
        .run(
          'insert into time_records (owner_id, time_really, date, created_at, updated_at) values (?, 60, null, 0, 0), (?, 60, null, 0, 0)',
          [carol, carol],
        );
      await db.raw().run('update time_records set time_really = 61 where owner_id = ?', [carol]);
      expect(await versionOf(carol, 'time_records')).to.be.at.least(before + 2);
    });

    it('keeps the count of a note search and of a dated time list while their version stands', async () => {
      await addNote(carol, 'kept minutes');
      const notes = async () =>
        (await db.persistence().recordReadModel.notes(carol, { limit: 1, offset: 0, search: 'minutes' }))
          .total;
      const times = async () =>
        (
          await db.persistence().recordReadModel.times(carol, {
            limit: 1,
            offset: 0,
            dateFrom: '2026-03-01' as LocalDate,
          })
        ).total;
      expect(await notes()).to.equal(1);
      await unseen(carol, 'notes', () => addNote(carol, 'more minutes'));
      expect(await notes()).to.equal(1);
      await addNote(carol, 'unrelated');
      expect(await notes()).to.equal(2);

      await addTime(carol, '2026-03-02 09:00:00');
      expect(await times()).to.equal(1);
      await unseen(carol, 'time_records', () => addTime(carol, '2026-03-03 09:00:00'));
      expect(await times()).to.equal(1);
      await addTime(carol, '2026-01-01 09:00:00');
      expect(await times()).to.equal(2);
    });

    it('counts every time a list that also asks whether projects and clients are active', async () => {
      await addTask(alice, 'cascade one');
      expect(await total(alice, { search: 'cascade', active: true })).to.equal(1);
      await addUnseen(alice, 'cascade two');
      expect(await total(alice, { search: 'cascade', active: true })).to.equal(2);
    });
  });
}
