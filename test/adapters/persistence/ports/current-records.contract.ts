import { expect } from 'chai';
import type { Duration } from '../../../../domain/shared/duration.js';
import type { Money } from '../../../../domain/shared/money.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { AT, type PortFixture, portSuite } from './port-fixture.js';

const NO_LINKS = { clientId: null, projectId: null, taskId: null, categoryId: null };
const named = (name: string) => ({ name, description: null, active: true });

/** One record of every resource for `owner`, by resource. */
const oneOfEach = async ({ write, addTask }: PortFixture, owner: UserId) => {
  const card = await write((r) => r.cards.add(owner, named('wallet'), AT));
  return {
    tasks: await addTask(owner),
    clients: await write((r) => r.clients.add(owner, { ...named('c'), email: null, phone: null }, AT)),
    projects: await write((r) => r.projects.add(owner, { ...named('p'), clientId: null }, AT)),
    notes: await write((r) => r.notes.add(owner, { ...named('n'), ...NO_LINKS, date: null }, AT)),
    categories: await write((r) => r.categories.add(owner, named('cat'), AT)),
    cards: card,
    times: await write((r) =>
      r.times.add(owner, { ...NO_LINKS, timeReally: 60 as Duration, description: null, date: null }, AT),
    ),
    moneys: await write((r) =>
      r.moneys.add(
        owner,
        {
          ...NO_LINKS,
          type: 1,
          price: 12.5 as Money,
          card: card.id,
          toCard: null,
          description: null,
          date: null,
        },
        AT,
      ),
    ),
  };
};

/** CurrentRecords: the change feed reads the records its changes name, many at once, as `GET` would. */
export const currentRecordsContract = (factory: HarnessFactory): void =>
  portSuite('Current records', factory, (fixture) => {
    it('reads each resource by ids as its own get does, only the caller’s, and skips missing ids', async () => {
      const { addUser, write, persistence } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const mine = await oneOfEach(fixture(), alice);
      const theirs = await oneOfEach(fixture(), bob);
      for (const resource of Object.keys(mine) as (keyof typeof mine)[]) {
        const ids = [mine[resource].id, theirs[resource].id, 999_999];
        const found = await persistence.currentRecords.visible(alice, resource, ids);
        expect(found, resource).to.deep.equal([mine[resource]]);
      }
      expect(await write((r) => r.clients.findOwned(alice, mine.clients.id))).to.deep.equal(mine.clients);
    });

    it('reads tasks the caller is assigned to, not those of others', async () => {
      const { addUser, addTask, persistence } = fixture();
      const alice = await addUser('alice');
      const bob = await addUser('bob');
      const assigned = await addTask(bob, { assigneeId: alice });
      const others = await addTask(bob);
      const found = await persistence.currentRecords.visible(alice, 'tasks', [assigned.id, others.id]);
      expect(found.map((task) => task.id)).to.deep.equal([assigned.id]);
    });

    it('answers no ids with nothing, and hands out objects of the caller’s own', async () => {
      const { addUser, addTask, persistence } = fixture();
      const alice = await addUser('alice');
      const task = await addTask(alice);
      expect(await persistence.currentRecords.visible(alice, 'tasks', [])).to.deep.equal([]);
      const [first] = await persistence.currentRecords.visible(alice, 'tasks', [task.id]);
      (first as { title: string }).title = 'changed by the host';
      const [again] = await persistence.currentRecords.visible(alice, 'tasks', [task.id]);
      expect(again?.title).to.equal(task.title);
    });
  });
