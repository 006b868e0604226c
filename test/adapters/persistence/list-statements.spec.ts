import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { EVERY_COLUMN } from '../../../adapters/persistence/mikro-orm/postgres-statement-names.js';
import type { Persistence } from '../../../adapters/persistence/persistence.js';
import { createWorkspace } from '../../../bootstrap/workspace.js';
import { observedSqlPersistence } from '../../support/observed-persistence.js';
import { FRESH_SQL_DATABASES, type FreshDatabase } from '../../support/persistence-harness.js';
import { right } from '../../support/world.js';

/**
 * CONTRACT §9 and issue 29: a list runs at most three statements — the caller's change sequence, the
 * page, and its count (only apart from the page when the page is empty) — and only the first when
 * the caller's version is still current. Nothing is kept between calls, so each call pays them.
 * Webhooks are not sent from these workspaces: their worker's own statements (it looks for active
 * subscriptions every second) are not the list's.
 */
for (const { name, open } of FRESH_SQL_DATABASES) {
  describe(`statements a list runs (${name})`, function () {
    this.timeout(60_000);
    let fresh: FreshDatabase;
    let persistence: Persistence;
    let statements: string[];

    beforeEach(async () => {
      fresh = await open();
      ({ persistence, statements } = await observedSqlPersistence(fresh));
    });
    afterEach(async () => {
      await persistence.close();
      fresh.cleanup();
    });

    const counted = async <A>(work: () => Promise<A>): Promise<{ answer: A; count: number }> => {
      statements.length = 0;
      const answer = await work();
      return { answer, count: statements.length };
    };

    it('a page with rows: the change sequence, then the page with its count; again for the same page', async () => {
      const workspace = createWorkspace({ persistence, webhooks: { deliver: false } });
      const alice = await right(workspace.users.create({ name: 'alice', timezone: 'UTC' }));
      const session = workspace.actingAs(alice.id);
      for (let i = 0; i < 3; i++) await right(session.tasks.create({ title: `t${i}` }));
      await right(session.clients.create({ name: 'c' }));

      for (let round = 0; round < 2; round++) {
        const tasks = await counted(() => right(session.tasks.list({ limit: 2 })));
        expect(tasks.count, statements.join('\n')).to.equal(2);
        expect(tasks.answer.items).to.have.length(2);
        expect(tasks.answer.total).to.equal(3);
        const clients = await counted(() => right(session.clients.list()));
        expect(clients.count, statements.join('\n')).to.equal(2);
      }
      // The first reads the caller's latest change: the sequence (PostgreSQL) or the log (SQLite).
      expect(statements[0]).to.match(/from "?(change_sequences|change_log)"?/);
    });

    it('an empty page: the change sequence, the page, and the count on its own', async () => {
      const workspace = createWorkspace({ persistence, webhooks: { deliver: false } });
      const alice = await right(workspace.users.create({ name: 'alice', timezone: 'UTC' }));
      const session = workspace.actingAs(alice.id);
      await right(session.tasks.list());
      const { answer, count } = await counted(() => right(session.tasks.list({ offset: 10 })));
      expect(count, statements.join('\n')).to.equal(3);
      expect(answer.total).to.equal(0);
    });

    it('a version still current: only the change sequence, and the answer says unchanged', async () => {
      const workspace = createWorkspace({ persistence, webhooks: { deliver: false } });
      const alice = await right(workspace.users.create({ name: 'alice', timezone: 'UTC' }));
      const session = workspace.actingAs(alice.id);
      await right(session.tasks.create({ title: 'one' }));
      const { version } = await right(session.tasks.list());
      const again = await counted(() => session.tasks.listIfChanged(version));
      expect(again.count, statements.join('\n')).to.equal(1);
      expect(again.answer).to.deep.equal(E.right({ unchanged: true, version }));

      await right(session.tasks.create({ title: 'two' }));
      const moved = await right(session.tasks.listIfChanged(version));
      expect('items' in moved && moved.items.map((task) => task.title)).to.deep.equal(['one', 'two']);
    });

    it('a task’s history: the change sequence, the task, the page with its count; only the first while current', async () => {
      const workspace = createWorkspace({ persistence, webhooks: { deliver: false } });
      const alice = await right(workspace.users.create({ name: 'alice', timezone: 'UTC' }));
      const session = workspace.actingAs(alice.id);
      const task = await right(session.tasks.create({ title: 'one' }));
      const history = await counted(() => right(session.tasks.history(task.id)));
      expect(history.count, statements.join('\n')).to.equal(3);
      expect(history.answer.items).to.have.length(1);
      const again = await counted(() => session.tasks.historyIfChanged(task.id, history.answer.version));
      expect(again.count, statements.join('\n')).to.equal(1);
      expect(again.answer).to.deep.equal(E.right({ unchanged: true, version: history.answer.version }));
    });

    it('no statement of a day’s work reads or returns `*`: each names its columns, and so stays prepared', async () => {
      const workspace = createWorkspace({ persistence, webhooks: { deliver: false } });
      const alice = await right(workspace.users.create({ name: 'alice', timezone: 'UTC' }));
      const session = workspace.actingAs(alice.id);
      statements.length = 0;
      const task = await right(session.tasks.create({ title: 'one' }));
      await right(session.tasks.get(task.id));
      await right(session.tasks.update(task.id, { title: 'two' }));
      await right(session.tasks.changeStatus(task.id, 2));
      await right(session.tasks.list({ limit: 10, offset: 1 }));
      await right(session.tasks.list({ status: 2, sort: { by: 'priority' } }));
      const client = await right(session.clients.create({ name: 'c' }));
      await right(session.clients.update(client.id, { name: 'd' }));
      await right(session.clients.list({ orderByLatest: 'time' }));
      await right(session.times.create({ timeReally: 3600, taskId: task.id }));
      await right(session.times.list({ taskId: task.id }));
      await right(session.reports.tasks());
      expect(statements.length).to.be.greaterThan(15);
      const unnamed = statements.filter((statement) => EVERY_COLUMN.test(statement));
      expect(unnamed, unnamed.join('\n')).to.deep.equal([]);
    });
  });
}
