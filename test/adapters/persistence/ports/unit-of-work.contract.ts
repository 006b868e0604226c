import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { UTC } from '../../../../domain/shared/time-zone.js';
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
  });
