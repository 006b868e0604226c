import { expect } from 'chai';
import type { Duration } from '../../../../domain/shared/duration.js';
import type { Money } from '../../../../domain/shared/money.js';
import { TASK_DEFAULTS } from '../../../../domain/task/task.js';
import { TaskStatus } from '../../../../domain/task/task-status.js';
import { localDateTime, taskTitle } from '../../../support/builders.js';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { AT, portSuite } from './port-fixture.js';

const PAGE = { limit: 50, offset: 0 };

/** TaskRepository, TaskNumberAllocator and TaskHistoryRepository: the write side of tasks. */
export const taskRepositoryContract = (factory: HarnessFactory): void =>
  portSuite('TaskRepository', factory, (fixture) => {
    it('stores every field exactly and reads it back for update', async () => {
      const { harness, write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const client = await harness.seedClient(alice);
      const project = await harness.seedProject(alice, { clientId: client });
      const category = await harness.seedCategory(alice);
      const fields = {
        title: taskTitle('Ünïcode ✓ title'),
        description: 'long text',
        date: localDateTime('2026-04-01T09:30:00'),
        priority: 3,
        status: 1,
        active: false,
        projectId: project,
        clientId: client,
        categoryId: category,
        assigneeId: bob,
        timePlanned: 450_309 as Duration,
        pricePlanned: 999_999_999_999.99 as Money,
        completedAt: new Date('2026-03-05T10:00:00.123Z'),
      } as const;
      const stored = await addTask(alice, fields);
      expect(stored).to.deep.include({ ...fields, ownerId: alice, clientTaskId: 1, version: 1 });
      const read = await write((r) => r.tasks.findForUpdate(stored.id));
      expect(read).to.deep.equal(stored);
    });

    it('answers the stored task, its version one higher, on every update', async () => {
      const { write, addUser, addTask } = fixture();
      const task = await addTask(await addUser('alice'));
      const second = await write((r) => r.tasks.update({ ...task, title: taskTitle('v2') }));
      const third = await write((r) => r.tasks.update({ ...second, title: taskTitle('v3') }));
      expect([second.version, third.version]).to.deep.equal([2, 3]);
      expect(await write((r) => r.tasks.findForUpdate(task.id))).to.deep.equal(third);
    });

    it('numbers tasks per owner and client, never reusing a number after a delete', async () => {
      const { harness, write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const client = await harness.seedClient(alice);
      const first = await addTask(alice);
      await write((r) => r.tasks.delete(first.id));
      expect((await addTask(alice)).clientTaskId).to.equal(2);
      expect((await addTask(alice, { clientId: client })).clientTaskId).to.equal(1);
      expect((await addTask(bob)).clientTaskId).to.equal(1);
    });

    it('hands out 1..50 to 50 concurrent allocations for one client', async () => {
      const { harness, write, addUser } = fixture();
      const alice = await addUser('alice');
      const client = await harness.seedClient(alice);
      const numbers = await Promise.all(
        Array.from({ length: 50 }, () => write((r) => r.taskNumbers.next(alice, client))),
      );
      expect([...numbers].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 50 }, (_, i) => i + 1));
    });

    it('stores many tasks and history entries at once, each as one would be stored, in the order given', async () => {
      const { write, addUser, persistence } = fixture();
      const alice = await addUser('alice');
      const tasks = Array.from({ length: 701 }, (_, index) => ({
        ...TASK_DEFAULTS,
        title: taskTitle(`task ${index}`),
        ownerId: alice,
        clientTaskId: index + 1,
        status: TaskStatus.Done,
        completedAt: AT,
        createdAt: AT,
        updatedAt: AT,
        version: 1,
      }));
      const stored = await write((r) => r.tasks.addAll(tasks));
      expect(stored.map((task) => task.title)).to.deep.equal(tasks.map((task) => task.title));
      const last = stored[700];
      if (last === undefined) throw new Error('a task is missing');
      expect(await write((r) => r.tasks.findForUpdate(last.id))).to.deep.equal(last);
      await write((r) =>
        r.history.appendAll(
          stored.map((task) => ({
            taskId: task.id,
            from: null,
            to: TaskStatus.Done,
            changedBy: alice,
            changedAt: AT,
          })),
        ),
      );
      const history = await persistence.taskReadModel.history(last.id, { limit: 10, offset: 0 });
      expect(history.items.map((entry) => [entry.from, entry.to])).to.deep.equal([[null, TaskStatus.Done]]);
    });

    it('numbers after a raised counter, and never lowers one: an import brings its numbers along', async () => {
      const { harness, write, addUser } = fixture();
      const alice = await addUser('alice');
      const client = await harness.seedClient(alice);
      await write((r) => r.taskNumbers.raiseTo(alice, client, 7));
      expect(await write((r) => r.taskNumbers.next(alice, client))).to.equal(8);
      await write((r) => r.taskNumbers.raiseTo(alice, client, 3));
      expect(await write((r) => r.taskNumbers.next(alice, client))).to.equal(9);
      expect(await write((r) => r.taskNumbers.next(alice, 0))).to.equal(1);
    });

    it('keeps history in the order appended, and deletes it with the task', async () => {
      const { persistence, write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const task = await addTask(alice);
      for (const [from, to] of [
        [null, 0],
        [0, 1],
        [1, 2],
      ] as const)
        await write((r) => r.history.append({ taskId: task.id, from, to, changedBy: alice, changedAt: AT }));
      const page = await persistence.taskReadModel.history(task.id, { limit: 2, offset: 1 });
      expect(page.total).to.equal(3);
      expect(page.items.map((entry) => [entry.from, entry.to])).to.deep.equal([
        [0, 1],
        [1, 2],
      ]);
      await write((r) => r.tasks.delete(task.id));
      expect((await persistence.taskReadModel.history(task.id, PAGE)).total).to.equal(0);
    });

    it('keeps notes, time and money records of a deleted task, without the link', async () => {
      const { persistence, write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const task = await addTask(alice);
      const links = { clientId: null, projectId: null, categoryId: null, taskId: task.id };
      const note = await write((r) =>
        r.notes.add(alice, { ...links, name: 'n', description: null, active: true, date: null }, AT),
      );
      const time = await write((r) =>
        r.times.add(alice, { ...links, timeReally: 60 as Duration, description: null, date: null }, AT),
      );
      await write((r) => r.tasks.delete(task.id));
      expect(await write((r) => r.tasks.findForUpdate(task.id))).to.equal(null);
      expect((await write((r) => r.notes.findOwned(alice, note.id)))?.taskId).to.equal(null);
      expect((await write((r) => r.times.findOwned(alice, time.id)))?.taskId).to.equal(null);
      expect(await persistence.taskReadModel.findVisible(alice, task.id)).to.equal(null);
    });
  });
