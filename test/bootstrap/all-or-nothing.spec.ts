import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { Workspace } from '../../bootstrap/index.js';
import { createWorkspace } from '../../bootstrap/workspace.js';
import { ALL_HARNESSES, type PersistenceHarness } from '../support/persistence-harness.js';

for (const factory of ALL_HARNESSES)
  describe(`the library on ${factory.name}: an all-or-nothing batch keeps nothing once a call failed`, function () {
    this.timeout(60_000);
    let harness: PersistenceHarness;
    let workspace: Workspace;
    let userId: number;

    beforeEach(async () => {
      harness = await factory.open();
      workspace = createWorkspace({ persistence: harness.persistence });
      const user = await workspace.users.create({ name: 'ada', timezone: 'UTC' });
      if (E.isLeft(user)) throw new Error('no user');
      userId = user.right.id;
    });
    afterEach(async () => {
      await workspace.close();
      await harness.close();
    });

    type Session = ReturnType<Workspace['actingAs']>;
    const failingCalls: Record<string, (session: Session) => Promise<E.Either<unknown, unknown>>> = {
      'a call its input fails': (session) => session.tasks.create({ title: '' }),
      'a call for an id no record can have': (session) => session.tasks.update(-1, { title: 'x' }),
      'a call for a record that is not there': (session) => session.clients.delete(4242),
    };

    for (const [name, fail] of Object.entries(failingCalls))
      it(`${name}: the batch answers its Left, whatever the work answers, and no write of it is kept`, async () => {
        const session = workspace.actingAs(userId);
        let failure: unknown;
        const answer = await session.batch(
          async (inside) => {
            await inside.tasks.create({ title: 'kept?' });
            const failed = await fail(inside);
            failure = E.isLeft(failed) ? failed.left : undefined;
            await inside.clients.create({ name: 'kept too?' });
            return E.right('done');
          },
          { allOrNothing: true },
        );
        expect(failure, 'the call failed').to.not.equal(undefined);
        expect(answer).to.deep.equal(E.left(failure));
        const tasks = await session.tasks.list();
        const clients = await session.clients.list();
        expect(E.isRight(tasks) && tasks.right.items).to.deep.equal([]);
        expect(E.isRight(clients) && clients.right.items).to.deep.equal([]);
      });

    it('without allOrNothing, a failed call takes back only its own writes', async () => {
      const session = workspace.actingAs(userId);
      const answer = await session.batch(async (inside) => {
        await inside.tasks.create({ title: 'kept' });
        await inside.tasks.create({ title: '' });
        return E.right('done');
      });
      expect(answer).to.deep.equal(E.right('done'));
      const tasks = await session.tasks.list();
      expect(E.isRight(tasks) && tasks.right.items.map((task) => task.title)).to.deep.equal(['kept']);
    });
  });
