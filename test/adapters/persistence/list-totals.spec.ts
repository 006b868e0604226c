import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { openSqlPersistence } from '../../../adapters/persistence/mikro-orm/open-sql-persistence.js';
import type { Persistence } from '../../../adapters/persistence/persistence.js';
import type { Repositories } from '../../../application/ports/unit-of-work.port.js';
import { UTC } from '../../../domain/shared/time-zone.js';
import { TASK_DEFAULTS } from '../../../domain/task/task.js';
import { taskTitle } from '../../support/builders.js';
import { FRESH_SQL_DATABASES } from '../../support/persistence-harness.js';

const AT = new Date('2026-03-01T00:00:00Z');
const HORIZON = 2;
const BY_ID = { by: 'id', direction: 'asc' } as const;

for (const { name, open } of FRESH_SQL_DATABASES) {
  describe(`list totals on ${name}: kept counts when unfiltered, counted to a horizon when filtered`, function () {
    this.timeout(60_000);
    let persistence: Persistence;
    let cleanup: () => void;
    let alice: number;

    const write = async <A>(work: (r: Repositories) => Promise<A>): Promise<A> => {
      const outcome = await persistence.unitOfWork.run(async (r) => E.right(await work(r)))();
      if (E.isLeft(outcome)) throw new Error('unit of work failed');
      return outcome.right;
    };
    const addTasks = (count: number, status: 0 | 1) =>
      write(async (r) => {
        for (let i = 0; i < count; i += 1) {
          await r.tasks.add({
            ...TASK_DEFAULTS,
            ownerId: alice,
            clientTaskId: await r.taskNumbers.next(alice, 0),
            title: taskTitle('task'),
            status,
            completedAt: null,
            createdAt: AT,
            updatedAt: AT,
            version: 1,
          });
        }
      });
    const tasks = (query: { status?: 0 | 1; search?: string; limit: number; offset: number }) =>
      persistence.taskReadModel.list(alice, { sort: BY_ID, ...query });

    before(async () => {
      const opened = await open();
      cleanup = opened.cleanup;
      persistence = await openSqlPersistence(opened.database, { migrate: true, countHorizon: HORIZON });
      alice = await write(
        async (r) => (await r.users.add({ name: 'alice', timezone: UTC, createdAt: AT })).id,
      );
      await addTasks(8, 0);
      await addTasks(2, 1);
    });
    after(async () => {
      await persistence.close();
      cleanup();
    });

    it('answers the exact total of an unfiltered list, however far it is from the page', async () => {
      expect((await tasks({ limit: 1, offset: 0 })).total).to.equal(10);
      expect((await tasks({ limit: 3, offset: 6 })).total).to.equal(10);
    });

    it('counts a filtered list exactly while its matches end within the horizon past the page', async () => {
      // 8 matches; the page ends at 6, the horizon reaches 8.
      expect((await tasks({ status: 0, limit: 3, offset: 3 })).total).to.equal(8);
      expect((await tasks({ status: 1, limit: 1, offset: 0 })).total).to.equal(2);
    });

    it('stops counting at the horizon past the page: the total is that bound, so more pages show', async () => {
      // 8 matches; the page ends at 2, the horizon at 4.
      const page = await tasks({ status: 0, limit: 2, offset: 0 });
      expect(page.items).to.have.length(2);
      expect(page.total).to.equal(4);
      expect(page.total).to.be.greaterThan(page.items.length);
    });

    it('counts a search (read as two runs) to the same horizon, exactly below it', async () => {
      // Every task's title holds "task": 10 matches.
      expect((await tasks({ search: 'TASK', limit: 2, offset: 0 })).total).to.equal(4);
      expect((await tasks({ search: 'task', limit: 3, offset: 6 })).total).to.equal(10);
      expect((await tasks({ search: 'nothing', limit: 3, offset: 0 })).total).to.equal(0);
    });

    it('keeps unfiltered totals through deletes and new rows', async () => {
      const [first] = (await tasks({ limit: 1, offset: 0 })).items;
      await write((r) => r.tasks.delete(first?.id ?? 0));
      expect((await tasks({ limit: 1, offset: 0 })).total).to.equal(9);
      await addTasks(1, 0);
      expect((await tasks({ limit: 1, offset: 0 })).total).to.equal(10);
    });
  });
}
