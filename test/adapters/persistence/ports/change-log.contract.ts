import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { LoggedChange } from '../../../../application/ports/change-log.port.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { AT, portSuite } from './port-fixture.js';

const CLIENT = { name: 'Acme', email: null, phone: null, description: null, active: true };
const NOTE = {
  name: 'note',
  description: null,
  active: true,
  date: null,
  clientId: null,
  projectId: null,
  categoryId: null,
  taskId: null,
};

/** The log as (seq, resource, id, operation), which is what the contract fixes. */
const entries = (changes: readonly LoggedChange[]) =>
  changes.map(({ seq, resource, recordId, operation }) => ({ seq, resource, recordId, operation }));

/** CONTRACT §10: every committed write appends one entry per changed record and per user who sees it. */
export const changeLogContract = (factory: HarnessFactory): void =>
  portSuite('Change log', factory, (fixture) => {
    const logOf = (userId: UserId) => fixture().persistence.changeLog.changesAfter(userId, 0, 1000);

    it('appends each write with the next seq of its owner, and latestSeq follows', async () => {
      const { write, addUser, addTask, persistence } = fixture();
      const alice = await addUser('alice');
      expect(await persistence.changeLog.latestSeq(alice)).to.equal(0);
      const task = await addTask(alice);
      const client = await write((r) => r.clients.add(alice, CLIENT, AT));
      await write((r) =>
        r.clients.update({ ...client, name: 'Acme 2', updatedAt: new Date(AT.getTime() + 1) }),
      );
      await write((r) => r.clients.delete(client.id));

      expect(entries(await logOf(alice))).to.deep.equal([
        { seq: 1, resource: 'tasks', recordId: task.id, operation: 'created' },
        { seq: 2, resource: 'clients', recordId: client.id, operation: 'created' },
        { seq: 3, resource: 'clients', recordId: client.id, operation: 'updated' },
        { seq: 4, resource: 'clients', recordId: client.id, operation: 'deleted' },
      ]);
      expect(await persistence.changeLog.latestSeq(alice)).to.equal(4);
      expect((await logOf(alice))[0]?.changedAt).to.be.instanceOf(Date);
    });

    it('numbers a unit of work’s many entries one after another, more than one insert holds, and the next write after them', async () => {
      const { write, addUser, persistence } = fixture();
      const alice = await addUser('alice');
      await write((r) => r.clients.add(alice, CLIENT, AT));
      const many = 450; // past two of the writer's inserts of 200 rows
      await write(async (r) => {
        for (let i = 0; i < many; i += 1) await r.clients.add(alice, { ...CLIENT, name: `Acme ${i}` }, AT);
      });
      await write((r) => r.clients.add(alice, CLIENT, AT));
      const seqs = (await logOf(alice)).map((change) => change.seq);
      expect(seqs).to.deep.equal(Array.from({ length: many + 2 }, (_, i) => i + 1));
      expect(await persistence.changeLog.latestSeq(alice)).to.equal(many + 2);
    });

    it('a rolled-back unit of work appends nothing', async () => {
      const { persistence, addUser } = fixture();
      const alice = await addUser('alice');
      const outcome = await persistence.unitOfWork.run(async (r) => {
        await r.clients.add(alice, CLIENT, AT);
        return E.left('rolled back');
      })();
      expect(E.isLeft(outcome)).to.equal(true);
      expect(await logOf(alice)).to.deep.equal([]);
      expect(await persistence.changeLog.latestSeq(alice)).to.equal(0);
    });

    it('a record created and changed in one unit of work is one created entry; created and deleted, none', async () => {
      const { write, addUser } = fixture();
      const alice = await addUser('alice');
      const kept = await write(async (r) => {
        const client = await r.clients.add(alice, CLIENT, AT);
        await r.clients.update({ ...client, name: 'Renamed', updatedAt: new Date(AT.getTime() + 1) });
        const gone = await r.clients.add(alice, { ...CLIENT, name: 'gone' }, AT);
        await r.clients.delete(gone.id);
        return client;
      });
      expect(entries(await logOf(alice))).to.deep.equal([
        { seq: 1, resource: 'clients', recordId: kept.id, operation: 'created' },
      ]);
    });

    it('a task is logged for its assignee too: created when assigned, deleted when given to another', async () => {
      const { write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const carol = await addUser('carol');
      const task = await addTask(alice, { assigneeId: bob });
      await write(async (r) => {
        const loaded = await r.tasks.findForUpdate(task.id);
        if (loaded === null) throw new Error('task not found');
        return r.tasks.update({ ...loaded, assigneeId: carol });
      });
      expect(entries(await logOf(alice))).to.deep.equal([
        { seq: 1, resource: 'tasks', recordId: task.id, operation: 'created' },
        { seq: 2, resource: 'tasks', recordId: task.id, operation: 'updated' },
      ]);
      expect(entries(await logOf(bob))).to.deep.equal([
        { seq: 1, resource: 'tasks', recordId: task.id, operation: 'created' },
        { seq: 2, resource: 'tasks', recordId: task.id, operation: 'deleted' },
      ]);
      expect(entries(await logOf(carol))).to.deep.equal([
        { seq: 1, resource: 'tasks', recordId: task.id, operation: 'created' },
      ]);
    });

    it('deleting a task logs it deleted for owner and assignee, and the records it unlinked updated', async () => {
      const { write, addUser, addTask } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const task = await addTask(alice, { assigneeId: bob });
      const note = await write((r) => r.notes.add(alice, { ...NOTE, taskId: task.id }, AT));
      await write((r) => r.tasks.delete(task.id));
      expect(entries(await logOf(alice)).slice(2)).to.deep.equal([
        { seq: 3, resource: 'notes', recordId: note.id, operation: 'updated' },
        { seq: 4, resource: 'tasks', recordId: task.id, operation: 'deleted' },
      ]);
      expect(entries(await logOf(bob))).to.deep.equal([
        { seq: 1, resource: 'tasks', recordId: task.id, operation: 'created' },
        { seq: 2, resource: 'tasks', recordId: task.id, operation: 'deleted' },
      ]);
    });

    it('changesAfter pages through the log in seq order', async () => {
      const { addUser, addTask, persistence } = fixture();
      const alice = await addUser('alice');
      for (let i = 0; i < 5; i += 1) await addTask(alice);
      const page = await persistence.changeLog.changesAfter(alice, 2, 2);
      expect(page.map((change) => change.seq)).to.deep.equal([3, 4]);
    });

    it('changesAfter of some resources skips the others, still in seq order and up to the limit', async () => {
      const { write, addUser, addTask, persistence } = fixture();
      const alice = await addUser('alice');
      await addTask(alice);
      const client = await write((r) => r.clients.add(alice, CLIENT, AT));
      await addTask(alice);
      const note = await write((r) => r.notes.add(alice, NOTE, AT));
      await addTask(alice);
      const of = (resources: readonly ('clients' | 'notes' | 'tasks')[], after = 0, limit = 10) =>
        persistence.changeLog.changesAfter(alice, after, limit, resources).then(entries);
      expect(await of(['clients', 'notes'])).to.deep.equal([
        { seq: 2, resource: 'clients', recordId: client.id, operation: 'created' },
        { seq: 4, resource: 'notes', recordId: note.id, operation: 'created' },
      ]);
      expect((await of(['tasks'], 1, 1)).map((change) => change.seq)).to.deep.equal([3]);
      expect(await of([])).to.deep.equal([]);
    });

    it('concurrent writers of one user take consecutive seqs, with no gap and no repeat', async () => {
      const { addUser, addTask, persistence } = fixture();
      const alice = await addUser('alice');
      await Promise.all(Array.from({ length: 12 }, () => addTask(alice)));
      const seqs = (await logOf(alice)).map((change) => change.seq);
      expect(seqs).to.deep.equal(Array.from({ length: 12 }, (_, i) => i + 1));
      expect(await persistence.changeLog.latestSeq(alice)).to.equal(12);
    });
  });
