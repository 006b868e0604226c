import { expect } from 'chai';
import { DEFAULT_MAX_WEBHOOKS_PER_USER } from '../../application/webhooks/create-webhook.use-case.js';
import { createWorkspace } from '../../bootstrap/workspace.js';
import { ALL_HARNESSES, type PersistenceHarness } from '../support/persistence-harness.js';
import { left, right } from '../support/world.js';

/** A target that resolves without a network (private targets are allowed here). */
const URL = 'http://127.0.0.1:9/in';
const webhooks = { allowHttp: true, allowPrivateTargets: true, deliver: false };

/**
 * Each subscription turns every write of its user into one more outbound request: a user holds at
 * most `maxPerUser` of them, and one more is a Conflict that stores nothing (issue 57, item 11).
 */
for (const factory of ALL_HARNESSES) {
  describe(`the library: webhook subscriptions per user are capped (${factory.name})`, () => {
    let harness: PersistenceHarness;

    beforeEach(async () => {
      harness = await factory.open();
    });

    afterEach(() => harness.close());

    it('refuses the subscription past the cap with WEBHOOK_LIMIT_REACHED, and takes one again once one is deleted', async () => {
      const workspace = createWorkspace({
        persistence: harness.persistence,
        webhooks: { ...webhooks, maxPerUser: 3 },
      });
      try {
        const alice = workspace.actingAs((await right(workspace.users.create({ name: 'alice' }))).id);
        const bob = workspace.actingAs((await right(workspace.users.create({ name: 'bob' }))).id);
        const held = [];
        for (let i = 0; i < 3; i++) held.push((await right(alice.webhooks.create({ url: URL }))).webhook);
        const refused = await left(alice.webhooks.create({ url: URL }));
        expect(refused).to.deep.include({ _tag: 'Conflict', code: 'WEBHOOK_LIMIT_REACHED' });
        expect((await right(alice.webhooks.list())).items).to.have.length(3);
        // Another user's subscriptions are their own count.
        await right(bob.webhooks.create({ url: URL }));
        await right(alice.webhooks.delete(held[0]?.id ?? 0));
        await right(alice.webhooks.create({ url: URL }));
      } finally {
        await workspace.close();
      }
    });
  });
}

describe('the library: the default cap of webhook subscriptions', () => {
  it(`is ${DEFAULT_MAX_WEBHOOKS_PER_USER} per user`, async () => {
    const harness = await ALL_HARNESSES[0]?.open();
    if (harness === undefined) throw new Error('no harness');
    const workspace = createWorkspace({ persistence: harness.persistence, webhooks });
    try {
      const alice = workspace.actingAs((await right(workspace.users.create({ name: 'alice' }))).id);
      for (let i = 0; i < DEFAULT_MAX_WEBHOOKS_PER_USER; i++)
        await right(alice.webhooks.create({ url: URL }));
      expect(await left(alice.webhooks.create({ url: URL }))).to.deep.include({
        code: 'WEBHOOK_LIMIT_REACHED',
      });
    } finally {
      await workspace.close();
      await harness.close();
    }
  });
});
