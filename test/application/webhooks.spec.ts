import { expect } from 'chai';
import type { UserSession } from '../../application/workspace/workspace.js';
import { createWorkspace } from '../../bootstrap/workspace.js';
import { FixedClock } from '../support/fixed-clock.js';
import { ALL_HARNESSES, type PersistenceHarness } from '../support/persistence-harness.js';
import { settle, WebhookReceiver } from '../support/webhook-receiver.js';
import { left, right } from '../support/world.js';

/** CONTRACT §10 webhooks through the library, each delivery verified by a real receiver. */
for (const factory of ALL_HARNESSES) {
  describe(`the library: webhooks (${factory.name})`, () => {
    let harness: PersistenceHarness;
    let receiver: WebhookReceiver;
    let url: string;
    let clock: FixedClock;
    let workspace: ReturnType<typeof createWorkspace>;
    let alice: UserSession;

    beforeEach(async () => {
      harness = await factory.open();
      clock = new FixedClock();
      workspace = createWorkspace({
        persistence: harness.persistence,
        clock,
        webhooks: { allowHttp: true, allowPrivateTargets: true, pollMs: 20 },
      });
      receiver = new WebhookReceiver();
      url = await receiver.start();
      const user = await right(workspace.users.create({ name: 'alice' }));
      alice = workspace.actingAs(user.id);
    });

    afterEach(async () => {
      await workspace.close();
      await harness.close();
      await receiver.stop();
    });

    const subscribe = async (events: readonly string[] = ['*']) => {
      const { webhook, secret } = await right(alice.webhooks.create({ url, events }));
      receiver.secrets.push(secret);
      return webhook;
    };

    /**
     * The subscription's first delivery once its attempt is recorded as delivered, or as it stands
     * after a second: the receiver has answered, and the attempt is recorded just after.
     */
    const recordedDelivery = async (webhookId: number) => {
      const first = async () => (await right(alice.webhooks.deliveries(webhookId))).items[0];
      for (let tries = 0; (await first())?.state !== 'delivered' && tries < 100; tries++) await settle(10);
      return first();
    };

    it('sends every event of a record changed quickly, each with the record as its write left it, even once it is deleted', async () => {
      await subscribe();
      // Five writes in a row, before the worker's next round: by then the task is gone.
      const task = await right(alice.tasks.create({ title: 'Draft' }));
      await right(alice.tasks.update(task.id, { title: 'Final' }));
      await right(alice.tasks.changeStatus(task.id, 1));
      await right(alice.tasks.changeStatus(task.id, 2));
      await right(alice.tasks.delete(task.id));
      const received = await receiver.waitFor(5);
      await settle();
      expect(receiver.received).to.have.length(5);
      const bySeq = [...received].sort((a, b) => Number(a.id.split('_')[2]) - Number(b.id.split('_')[2]));
      const events = bySeq.map((r) => r.event);
      expect(events.map((event) => event.type)).to.deep.equal([
        'task.created',
        'task.updated',
        'task.status_changed',
        'task.status_changed',
        'task.deleted',
      ]);
      const [created, updated, started, done, deleted] = events;
      expect(created?.data.task).to.include({ title: 'Draft', status: 0 });
      expect(updated?.data.task).to.include({ title: 'Final', status: 0 });
      expect(started?.data).to.include({ from: 0, to: 1 });
      expect(started?.data.task).to.include({ title: 'Final', status: 1 });
      expect(done?.data).to.include({ from: 1, to: 2 });
      expect(done?.data.gamification).to.include({ event: 'task_completed' });
      expect(done?.data.task).to.include({ status: 2 });
      expect(deleted?.data).to.deep.equal({ task: { id: task.id } });
    });

    it('a create, an edit, a status change and a delete each send their event once, signed, with the record as GET shows it', async () => {
      await subscribe();
      const task = await right(alice.tasks.create({ title: 'Write the report' }));
      await receiver.waitFor(1);
      await right(alice.tasks.update(task.id, { title: 'Write the annual report' }));
      await receiver.waitFor(2);
      await right(alice.tasks.changeStatus(task.id, 2));
      await receiver.waitFor(3);
      await right(alice.tasks.update(task.id, { title: 'Report', status: 1 }));
      await receiver.waitFor(5);
      await right(alice.tasks.delete(task.id));
      const received = await receiver.waitFor(6);
      await settle();

      // The two events of one write go out side by side: in either order.
      const types = received.map((r) => r.event.type);
      expect([...types.slice(0, 3), ...types.slice(3, 5).sort(), types[5]]).to.deep.equal([
        'task.created',
        'task.updated',
        'task.status_changed',
        'task.status_changed',
        'task.updated',
        'task.deleted',
      ]);
      expect(receiver.forged).to.deep.equal([]);
      expect(new Set(received.map((r) => r.id)).size).to.equal(6);
      expect(receiver.attempts).to.have.length(6);
      const [created, updated, done, , , deleted] = received.map((r) => r.event);
      const reopened = received.slice(3, 5).find((r) => r.event.type === 'task.status_changed')?.event;
      expect(reopened?.data).to.include({ from: 2, to: 1 });
      expect(reopened?.data.gamification).to.include({ event: 'task_reopened' });
      expect(created?.data.task).to.include({ title: 'Write the report' });
      expect(updated?.data.task).to.include({ title: 'Write the annual report' });
      expect(done?.data).to.include({ from: 0, to: 2 });
      expect(done?.data.gamification).to.include({ event: 'task_completed' });
      expect(deleted?.data).to.deep.equal({ task: { id: task.id } });
      // When the change committed, as the change log has it (RFC 3339).
      expect(Date.parse(String(created?.timestamp))).to.be.within(Date.now() - 60_000, Date.now());
      expect(String(created?.timestamp)).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('a write that rolls back sends nothing; one that changes nothing a subscription asked for sends it nothing', async () => {
      await subscribe(['client.created']);
      const refused = await left(alice.tasks.create({ title: 'Linked', projectId: 999 }));
      expect(refused._tag).to.equal('InvalidReference');
      await right(alice.tasks.create({ title: 'Not asked for' }));
      await right(alice.clients.create({ name: 'Acme' }));
      const received = await receiver.waitFor(1);
      await settle();
      expect(received.map((r) => r.event.type)).to.deep.equal(['client.created']);
      expect(receiver.attempts).to.have.length(1);
    });

    it('a receiver that fails is tried again on the schedule, with the same webhook-id, until it takes the event', async () => {
      const webhook = await subscribe();
      receiver.status = () => 503;
      await right(alice.clients.create({ name: 'Acme' }));
      while (receiver.attempts.length < 1) await settle(10);
      await settle();
      const [waiting] = (await right(alice.webhooks.deliveries(webhook.id))).items;
      expect(waiting).to.include({ state: 'pending', attempts: 1, lastStatus: 503 });
      // The first retry waits 5 s (and up to a quarter more): not before.
      expect(waiting?.nextAttemptAt?.getTime()).to.be.within(
        clock.now().getTime() + 5000,
        clock.now().getTime() + 6250,
      );
      await settle();
      expect(receiver.attempts).to.have.length(1);

      receiver.status = () => 200;
      clock.set(new Date(clock.now().getTime() + 7000).toISOString());
      // A job engine (PostgreSQL) waits its delay from when the attempt was recorded, in real time.
      const [event] = await receiver.waitFor(1, 10_000);
      expect(event?.id).to.equal(receiver.attempts[0]);
      expect(await recordedDelivery(webhook.id)).to.include({
        state: 'delivered',
        attempts: 2,
        lastStatus: 200,
      });
    });

    it('a subscription turned off keeps its waiting deliveries; turned on again, it sends them at once', async () => {
      const webhook = await subscribe();
      receiver.status = () => 503;
      await right(alice.clients.create({ name: 'Acme' }));
      while (receiver.attempts.length < 1) await settle(10);
      await settle();
      await right(alice.webhooks.update(webhook.id, { active: false }));
      receiver.status = () => 200;
      await right(alice.webhooks.update(webhook.id, { active: true }));
      // Not at its retry time (5 s on, by a clock that does not move here): now.
      const [event] = await receiver.waitFor(1, 3000);
      expect(event?.id).to.equal(receiver.attempts[0]);
      await settle(300);
      expect(receiver.attempts).to.have.length(2);
    });

    it('410 Gone turns the subscription off at once', async () => {
      const webhook = await subscribe();
      receiver.status = () => 410;
      await right(alice.clients.create({ name: 'Acme' }));
      while (receiver.attempts.length < 1) await settle(10);
      for (let tries = 0; (await right(alice.webhooks.get(webhook.id))).active && tries < 100; tries++)
        await settle(10);
      expect(await right(alice.webhooks.get(webhook.id))).to.include({
        active: false,
        disabledReason: 'gone',
      });
      const [delivery] = (await right(alice.webhooks.deliveries(webhook.id))).items;
      expect(delivery).to.include({ state: 'failed', lastStatus: 410 });
      await right(alice.clients.create({ name: 'Later' }));
      await settle();
      expect(receiver.attempts).to.have.length(1);
    });

    it('a rotated secret: both the new and the old one sign for 24 hours, then only the new', async () => {
      const webhook = await subscribe();
      const old = receiver.secrets[0] as string;
      const { secret } = await right(alice.webhooks.rotateSecret(webhook.id));
      expect(secret)
        .to.match(/^whsec_/)
        .and.not.equal(old);
      receiver.secrets = [secret];
      await right(alice.clients.create({ name: 'Acme' }));
      const [first] = await receiver.waitFor(1);
      expect(String(first?.headers['webhook-signature']).split(' ')).to.have.length(2);
      receiver.secrets = [old];
      await right(alice.clients.create({ name: 'Beta' }));
      await receiver.waitFor(2);

      clock.set(new Date(clock.now().getTime() + 86_400_001).toISOString());
      await right(alice.clients.create({ name: 'Gamma' }));
      while (receiver.attempts.length < 3) await settle(10);
      await settle();
      expect(receiver.forged).to.have.length(1);
    });

    it('a delivery retried by hand goes again at once, with the same id and body', async () => {
      const webhook = await subscribe();
      await right(alice.clients.create({ name: 'Acme' }));
      const [first] = await receiver.waitFor(1);
      // This retries a delivery delivered; the next spec, one whose attempt is still on its way.
      const delivery = await recordedDelivery(webhook.id);
      expect(delivery?.state).to.equal('delivered');
      const again = await right(alice.webhooks.retryDelivery(webhook.id, delivery?.id ?? 0));
      expect(again.state).to.equal('pending');
      const [, second] = await receiver.waitFor(2);
      expect(second?.id).to.equal(first?.id);
      expect(second?.body).to.equal(first?.body);
      expect((await left(alice.webhooks.retryDelivery(webhook.id, 9999)))._tag).to.equal('NotFound');
    });

    it('a delivery retried by hand while its attempt is on its way goes again once that attempt is answered', async () => {
      const webhook = await subscribe();
      let answer: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        answer = resolve;
      });
      receiver.answerWhen = () => held;
      await right(alice.clients.create({ name: 'Acme' }));
      while (receiver.attempts.length < 1) await settle(10);
      clock.set(new Date(clock.now().getTime() + 1000).toISOString());
      const [delivery] = (await right(alice.webhooks.deliveries(webhook.id))).items;
      expect((await right(alice.webhooks.retryDelivery(webhook.id, delivery?.id ?? 0))).state).to.equal(
        'pending',
      );
      receiver.answerWhen = async () => undefined;
      answer();
      // The attempt under way is answered, but the retry asked after it began is still owed.
      const [first, second] = await receiver.waitFor(2);
      expect(second?.id).to.equal(first?.id);
    });

    it('a subscription receives only what the key that made it could read', async () => {
      const key = (
        await right(
          workspace.keys.create({ userId: alice.userId, scopes: ['clients:read', 'webhooks:write'] }),
        )
      ).plaintext;
      const session = await right(workspace.authenticate(key));
      const { secret } = await right(session.webhooks.create({ url }));
      receiver.secrets.push(secret);
      await right(alice.tasks.create({ title: 'Hidden' }));
      await right(alice.clients.create({ name: 'Seen' }));
      const received = await receiver.waitFor(1);
      await settle();
      expect(received.map((r) => r.event.type)).to.deep.equal(['client.created']);
      const readOnly = await right(
        workspace.authenticate(
          (await right(workspace.keys.create({ userId: alice.userId, scopes: ['webhooks:read'] }))).plaintext,
        ),
      );
      expect((await left(readOnly.webhooks.create({ url })))._tag).to.equal('InsufficientScope');
    });
  });
}

describe('the library: webhook targets', () => {
  it('refuses loopback, private, link-local and metadata targets, and http, unless allowed', async () => {
    const workspace = createWorkspace({
      persistence: (await ALL_HARNESSES[0]?.open())?.persistence ?? ({} as never),
      webhooks: { deliver: false },
    });
    const user = await right(workspace.users.create({ name: 'alice' }));
    const alice = workspace.actingAs(user.id);
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://192.168.1.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fd00:ec2::254]/hook',
      // IPv6 carrying IPv4: 6to4 of 127.0.0.1 and of 10.0.0.1, NAT64 of 169.254.169.254, Teredo.
      'https://[2002:7f00:1::]/hook',
      'https://[2002:a00:1::1]/hook',
      'https://[64:ff9b::a9fe:a9fe]/hook',
      'https://[64:ff9b:1::a00:1]/hook',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
      'https://localhost/hook',
      'http://93.184.215.14/hook',
      'ftp://example.com/hook',
      'https://user:pass@93.184.215.14/hook',
    ]) {
      const refused = await left(alice.webhooks.create({ url }));
      expect(refused, url).to.deep.include({ _tag: 'ValidationFailed' });
      if (refused._tag === 'ValidationFailed') expect(refused.details[0]?.field, url).to.equal('url');
    }
    await workspace.close();
  });
});
