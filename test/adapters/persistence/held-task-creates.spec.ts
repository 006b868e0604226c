import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { Persistence } from '../../../adapters/persistence/persistence.js';
import type { CreateTaskInput } from '../../../application/workspace/inputs.js';
import type { UserSession } from '../../../application/workspace/workspace.js';
import { createWorkspace } from '../../../bootstrap/workspace.js';
import type { Task } from '../../../domain/task/task.js';
import { observedSqlPersistence } from '../../support/observed-persistence.js';
import { FRESH_SQL_DATABASES, type FreshDatabase } from '../../support/persistence-harness.js';
import { right } from '../../support/world.js';

const ALL_OR_NOTHING = { allOrNothing: true } as const;

/**
 * An all-or-nothing batch (the HTTP batch, CONTRACT §11) holds its task creates back and writes
 * them together (write/held-task-creates.ts). Nothing may tell: each create answers as it would
 * alone, reads inside the batch see it, numbers and ids go on as if each had been alone, and a
 * batch that fails leaves nothing, numbers included.
 */
for (const { name, open } of FRESH_SQL_DATABASES) {
  describe(`an all-or-nothing batch's task creates, written together (${name})`, function () {
    this.timeout(60_000);
    let fresh: FreshDatabase;
    let persistence: Persistence;
    let statements: string[];
    let alice: UserSession;

    beforeEach(async () => {
      fresh = await open();
      ({ persistence, statements } = await observedSqlPersistence(fresh));
      const workspace = createWorkspace({ persistence, webhooks: { deliver: false } });
      const user = await right(workspace.users.create({ name: 'alice', timezone: 'Europe/Prague' }));
      alice = workspace.actingAs(user.id);
    });
    afterEach(async () => {
      await persistence.close();
      fresh.cleanup();
    });

    const createsTogether = (inputs: readonly CreateTaskInput[]) =>
      right(
        alice.batch(async (inside) => {
          const made: Task[] = [];
          for (const input of inputs) made.push(await right(inside.tasks.create(input)));
          return E.right(made);
        }, ALL_OR_NOTHING),
      );

    it('a batch of 100 creates runs a few multi-row statements, not three per create', async () => {
      await right(alice.tasks.create({ title: 'before' }));
      statements.length = 0;
      const made = await createsTogether(Array.from({ length: 100 }, (_, i) => ({ title: `task ${i}` })));
      expect(made.map((task) => task.clientTaskId)).to.deep.equal(
        Array.from({ length: 100 }, (_, i) => i + 2),
      );
      // The counter read once; ids reserved once (SQLite) or in blocks of 8, 16, 32 and 64 (PostgreSQL);
      // tasks and their history each as 64 + 32 + 4 rows; the counter's new value.
      const inserts = (table: string) => statements.filter((sql) => sql.startsWith(`insert into ${table} `));
      expect(inserts('tasks'), 'inserts of tasks').to.have.length(3);
      expect(inserts('task_status_history'), 'inserts of history').to.have.length(3);
      expect(statements.length, statements.join('\n')).to.be.at.most(12);
      expect((await right(alice.tasks.list({ limit: 1 }))).total).to.equal(101);
    });

    it('answers each created task exactly as it is stored', async () => {
      const project = await right(alice.projects.create({ name: 'Launch' }));
      const client = await right(alice.clients.create({ name: 'Acme' }));
      const made = await createsTogether([
        { title: 'plain' },
        {
          title: 'everything',
          description: 'with words',
          date: '2026-03-02 09:00:00',
          priority: 2,
          status: 2,
          active: false,
          projectId: project.id,
          clientId: client.id,
          timePlanned: 5400,
          pricePlanned: 12.5,
        },
        { title: 'numbered in its client', clientId: client.id },
      ]);
      for (const task of made) expect(await right(alice.tasks.get(task.id))).to.deep.equal(task);
      expect(made[1]?.completedAt, 'created done').to.be.an.instanceOf(Date);
    });

    it('reads, edits and status changes inside the batch see the creates before them', async () => {
      const outcome = await right(
        alice.batch(async (inside) => {
          const first = await right(inside.tasks.create({ title: 'first' }));
          const seen = await right(inside.tasks.get(first.id));
          await right(inside.tasks.update(first.id, { title: 'first, renamed' }));
          await right(inside.tasks.changeStatus(first.id, 2));
          const second = await right(inside.tasks.create({ title: 'second' }));
          const listed = await right(inside.tasks.list());
          return E.right({ first, seen, second, listed: listed.items.map((task) => task.title) });
        }, ALL_OR_NOTHING),
      );
      expect(outcome.seen).to.deep.equal(outcome.first);
      expect(outcome.listed).to.have.members(['first, renamed', 'second']);
      const history = await right(alice.tasks.history(outcome.first.id));
      expect(history.items.map((entry) => [entry.from, entry.to])).to.deep.equal([
        [null, 0],
        [0, 2],
      ]);
      expect(outcome.second.id).to.be.greaterThan(outcome.first.id);
    });

    it('numbers and ids go on after the batch as if each create had been alone', async () => {
      const before = await right(alice.tasks.create({ title: 'alone, before' }));
      const made = await createsTogether([{ title: 'a' }, { title: 'b' }, { title: 'c' }]);
      const after = await right(alice.tasks.create({ title: 'alone, after' }));
      const all = [before, ...made, after];
      expect(all.map((task) => task.clientTaskId)).to.deep.equal([1, 2, 3, 4, 5]);
      const ids = all.map((task) => task.id);
      expect(ids, 'ids rise in the order of the creates').to.deep.equal([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).to.equal(5);
    });

    it('never gives a deleted task’s id again', async () => {
      const last = await right(alice.tasks.create({ title: 'deleted' }));
      await right(alice.tasks.delete(last.id));
      const [made] = await createsTogether([{ title: 'after the delete' }]);
      expect(made?.id).to.be.greaterThan(last.id);
    });

    it('a batch that fails after its creates leaves no task, no history and the numbers as they were', async () => {
      await right(alice.tasks.create({ title: 'kept' }));
      const outcome = await alice.batch(async (inside) => {
        await right(inside.tasks.create({ title: 'dropped 1' }));
        await right(inside.tasks.create({ title: 'dropped 2' }));
        return inside.tasks.create({ title: '' });
      }, ALL_OR_NOTHING);
      expect(E.isLeft(outcome)).to.equal(true);
      const listed = await right(alice.tasks.list());
      expect(listed.items.map((task) => task.title)).to.deep.equal(['kept']);
      expect((await right(alice.tasks.create({ title: 'next' }))).clientTaskId).to.equal(2);
    });

    it('batches at once, and creates alone beside them, share the numbers without a gap or a repeat', async () => {
      const batches = Array.from({ length: 4 }, (_, b) =>
        createsTogether(Array.from({ length: 10 }, (_, i) => ({ title: `batch ${b}.${i}` }))),
      );
      const singles = Array.from({ length: 5 }, (_, i) => right(alice.tasks.create({ title: `alone ${i}` })));
      const made = [...(await Promise.all(batches)).flat(), ...(await Promise.all(singles))];
      const numbers = made.map((task) => task.clientTaskId).sort((a, b) => a - b);
      expect(numbers).to.deep.equal(Array.from({ length: 45 }, (_, i) => i + 1));
      expect(new Set(made.map((task) => task.id)).size).to.equal(45);
    });
  });
}
