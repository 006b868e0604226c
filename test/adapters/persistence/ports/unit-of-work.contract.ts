import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { UTC } from '../../../../domain/shared/time-zone.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { AT, portSuite } from './port-fixture.js';

const CLIENT = { name: 'uncommitted', email: null, phone: null, description: null, active: true };

/** A promise and the function that settles it, to hold a unit of work open mid-way. */
const gate = () => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

export const unitOfWorkContract = (factory: HarnessFactory): void =>
  portSuite('UnitOfWork', factory, (fixture) => {
    it('commits when the work succeeds', async () => {
      const { persistence } = fixture();
      const outcome = await persistence.unitOfWork.run(async (r) =>
        E.right(await r.users.add({ name: 'dave', timezone: UTC, createdAt: AT })),
      )();
      expect(E.isRight(outcome)).to.equal(true);
      expect((await fixture().write((r) => r.users.findByName('dave')))?.name).to.equal('dave');
    });

    it('rolls everything back when the work answers a failure', async () => {
      const outcome = await fixture().persistence.unitOfWork.run(async (r) => {
        await r.users.add({ name: 'ghost', timezone: UTC, createdAt: AT });
        return E.left('changed my mind');
      })();
      expect(outcome).to.deep.equal(E.left('changed my mind'));
      expect(await fixture().write((r) => r.users.findByName('ghost'))).to.equal(null);
    });

    it('turns a thrown failure into an infrastructure error and rolls back', async () => {
      const outcome = await fixture().persistence.unitOfWork.run(async (r) => {
        await r.users.add({ name: 'boom', timezone: UTC, createdAt: AT });
        throw new Error('bug');
      })();
      expect(E.isLeft(outcome) && outcome.left).to.deep.include({ _tag: 'Unexpected' });
      expect(await fixture().write((r) => r.users.findByName('boom'))).to.equal(null);
    });

    it("a read during an open unit of work sees only committed state, and a key's last use survives another request's rollback", async () => {
      const { persistence, write, addUser } = fixture();
      const owner = await addUser('alice');
      const digest = 'd'.repeat(64);
      const key = await write((r) =>
        r.apiKeys.add({
          userId: owner,
          digest,
          displayPrefix: 'wsk_live_ddd',
          scopes: ['clients:*'],
          createdAt: AT,
          expiresAt: null,
          revokedAt: null,
          lastUsedAt: null,
        }),
      );
      const inside = gate();
      const release = gate();
      const rolledBack = persistence.unitOfWork.run(async (r) => {
        await r.clients.add(owner, CLIENT, AT);
        inside.open();
        await release.opened;
        return E.left('rolled back');
      })();
      await inside.opened;

      const listed = await persistence.recordReadModel.clients(owner, {
        active: true,
        orderBy: null,
        limit: 50,
        offset: 0,
      });
      expect(listed.total, 'a client inserted by an open unit of work').to.equal(0);
      expect(listed.items).to.deep.equal([]);
      expect((await persistence.apiKeyStore.findByDigest(digest))?.id).to.equal(key.id);

      const usedAt = new Date('2026-03-02T10:00:00Z');
      const touched = persistence.apiKeyStore.touchLastUsed(key.id, usedAt);
      release.open();
      expect(await rolledBack).to.deep.equal(E.left('rolled back'));
      await touched;

      expect((await persistence.apiKeyStore.findByDigest(digest))?.lastUsedAt?.toISOString()).to.equal(
        usedAt.toISOString(),
      );
      const after = await persistence.recordReadModel.clients(owner, {
        active: true,
        orderBy: null,
        limit: 50,
        offset: 0,
      });
      expect(after.total).to.equal(0);
    });

    describe('together (a batch)', () => {
      const ALL_CLIENTS = { active: true, orderBy: null, limit: 50, offset: 0 } as const;
      const clientNames = async (owner: UserId) =>
        (await fixture().persistence.recordReadModel.clients(owner, ALL_CLIENTS)).items.map((c) => c.name);
      const addClient = (owner: UserId, name: string) =>
        fixture().persistence.unitOfWork.run(async (r) =>
          E.right(await r.clients.add(owner, { ...CLIENT, name }, AT)),
        );
      /** A unit of work that adds a client, then refuses: its write must not stay. */
      const addClientThenRefuse = (owner: UserId, name: string) =>
        fixture().persistence.unitOfWork.run(async (r) => {
          await r.clients.add(owner, { ...CLIENT, name }, AT);
          return E.left('refused');
        });

      it('commits the units of work it runs together, and reads inside see what earlier ones wrote', async () => {
        const { persistence, addUser } = fixture();
        const owner = await addUser('alice');
        const outcome = await persistence.unitOfWork.together(async () => {
          await addClient(owner, 'first')();
          const seen = await clientNames(owner);
          await addClient(owner, 'second')();
          return E.right(seen);
        })();
        expect(outcome).to.deep.equal(E.right(['first']));
        expect(await clientNames(owner)).to.have.members(['first', 'second']);
      });

      it('keeps nothing of any unit of work when the batch answers a failure, nor logs any change', async () => {
        const { persistence, addUser } = fixture();
        const owner = await addUser('alice');
        const before = await persistence.changeLog.latestSeq(owner);
        const outcome = await persistence.unitOfWork.together(async () => {
          await addClient(owner, 'first')();
          await addClient(owner, 'second')();
          return E.left('stopped');
        })();
        expect(outcome).to.deep.equal(E.left('stopped'));
        expect(await clientNames(owner)).to.deep.equal([]);
        expect(await persistence.changeLog.latestSeq(owner)).to.equal(before);
      });

      it('a unit of work that fails inside takes back only its own writes', async () => {
        const { persistence, addUser } = fixture();
        const owner = await addUser('alice');
        const outcome = await persistence.unitOfWork.together(async () => {
          await addClient(owner, 'kept')();
          const failed = await addClientThenRefuse(owner, 'taken back')();
          return E.right(failed);
        })();
        expect(outcome).to.deep.equal(E.right(E.left('refused')));
        expect(await clientNames(owner)).to.deep.equal(['kept']);
      });

      it('logs each unit of work’s changes as its own entries, all committed with the batch', async () => {
        const { persistence, addUser } = fixture();
        const owner = await addUser('alice');
        const before = await persistence.changeLog.latestSeq(owner);
        await persistence.unitOfWork.together(async () => {
          const added = await addClient(owner, 'first')();
          if (E.isLeft(added)) return added;
          return persistence.unitOfWork.run(async (r) => {
            await r.clients.update({
              ...added.right,
              name: 'renamed',
              updatedAt: new Date(AT.getTime() + 1),
            });
            return E.right(undefined);
          })();
        })();
        const logged = await persistence.changeLog.changesAfter(owner, before, 10);
        expect(logged.map((c) => c.operation)).to.deep.equal(['created', 'updated']);
      });

      it('is not seen from outside until it commits, and units of work asked for at once run one at a time', async () => {
        const { persistence, addUser } = fixture();
        const owner = await addUser('alice');
        const inside = gate();
        const release = gate();
        const batch = persistence.unitOfWork.together(async () => {
          const both = Promise.all([addClient(owner, 'one')(), addClient(owner, 'two')()]);
          await both;
          inside.open();
          await release.opened;
          return E.right(undefined);
        })();
        await inside.opened;
        expect(await clientNames(owner), 'read from outside the batch').to.deep.equal([]);
        release.open();
        expect(E.isRight(await batch)).to.equal(true);
        expect(await clientNames(owner)).to.have.members(['one', 'two']);
      });

      it('all or nothing: the units commit together, and one that fails leaves nothing, whatever work answers', async () => {
        const { persistence, addUser } = fixture();
        const owner = await addUser('alice');
        const committed = await persistence.unitOfWork.together(
          async () => {
            await addClient(owner, 'first')();
            await addClient(owner, 'second')();
            return E.right(await clientNames(owner));
          },
          { allOrNothing: true },
        )();
        expect(committed).to.deep.equal(E.right(['first', 'second']));
        const before = await persistence.changeLog.latestSeq(owner);
        const failedPart = await persistence.unitOfWork.together(
          async () => {
            await addClient(owner, 'third')();
            const failed = await addClientThenRefuse(owner, 'fourth')();
            return E.right(failed);
          },
          { allOrNothing: true },
        )();
        expect(E.isLeft(failedPart) && failedPart.left).to.deep.include({ _tag: 'Unexpected' });
        expect(await clientNames(owner)).to.have.members(['first', 'second']);
        expect(await persistence.changeLog.latestSeq(owner)).to.equal(before);
      });

      it('nested, it is one more level: its failure takes back its own part only', async () => {
        const { persistence, addUser } = fixture();
        const owner = await addUser('alice');
        const outcome = await persistence.unitOfWork.together(async () => {
          await addClient(owner, 'outer')();
          const inner = await persistence.unitOfWork.together(async () => {
            await addClient(owner, 'inner')();
            return E.left('inner refused');
          })();
          return E.right(inner);
        })();
        expect(outcome).to.deep.equal(E.right(E.left('inner refused')));
        expect(await clientNames(owner)).to.deep.equal(['outer']);
      });
    });
  });
