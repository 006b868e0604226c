import { expect } from 'chai';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { UserSession } from '../../../application/workspace/workspace.js';
import { createHttpServer } from '../../../bootstrap/http-server.js';
import { createWorkspace } from '../../../bootstrap/workspace.js';
import { RECORD_RESOURCES } from '../../../domain/api-key/scope.js';
import { WEBHOOK_EVENT_TYPES } from '../../../domain/webhook/webhook-events.js';
import {
  checkAgainstDocument,
  checkWebhookEvent,
  documentedEvents,
} from '../../support/openapi-conformance.js';
import { ALL_HARNESSES, type PersistenceHarness } from '../../support/persistence-harness.js';
import { settle, WebhookReceiver } from '../../support/webhook-receiver.js';
import { right } from '../../support/world.js';

/** CONTRACT §10 webhooks over HTTP: every answer and every delivered event held to the OpenAPI document. */
for (const factory of ALL_HARNESSES) {
  describe(`HTTP: webhooks (${factory.name})`, function () {
    this.timeout(60_000);
    let harness: PersistenceHarness;
    let workspace: ReturnType<typeof createWorkspace>;
    let app: FastifyInstance;
    let receiver: WebhookReceiver;
    let url: string;
    let alice: UserSession;
    let key: string;

    beforeEach(async () => {
      harness = await factory.open();
      workspace = createWorkspace({
        persistence: harness.persistence,
        webhooks: { allowHttp: true, allowPrivateTargets: true, pollMs: 20 },
      });
      app = createHttpServer(workspace, false);
      await app.ready();
      receiver = new WebhookReceiver();
      url = await receiver.start();
      const user = await right(workspace.users.create({ name: 'alice' }));
      alice = workspace.actingAs(user.id);
      key = (
        await right(
          workspace.keys.create({
            userId: user.id,
            scopes: ['webhooks:*', ...RECORD_RESOURCES.map((resource) => `${resource}:read` as const)],
          }),
        )
      ).plaintext;
    });

    afterEach(async () => {
      await app.close();
      await workspace.close();
      await harness.close();
      await receiver.stop();
    });

    const call = async (options: InjectOptions) => {
      const response = await app.inject({
        ...options,
        headers: { authorization: `Bearer ${key}`, ...(options.headers ?? {}) },
      });
      checkAgainstDocument(options, response);
      return response;
    };

    it('answers every route as the document says, the secret only on create and rotate', async () => {
      const created = await call({
        method: 'POST',
        url: '/v1/webhooks',
        payload: { url, events: ['client.created'] },
      });
      expect(created.statusCode, created.body).to.equal(201);
      const { webhook, secret } = created.json().data;
      expect(secret).to.match(/^whsec_/);
      receiver.secrets.push(secret);
      const refused = await call({
        method: 'POST',
        url: '/v1/webhooks',
        payload: { url, events: ['task.exploded'] },
      });
      expect(refused.statusCode).to.equal(400);
      expect(refused.json().error.code).to.equal('VALIDATION_ERROR');

      const listed = await call({ method: 'GET', url: '/v1/webhooks' });
      expect(listed.json().data.webhooks.map((w: { id: number }) => w.id)).to.deep.equal([webhook.id]);
      expect(listed.body).not.to.include(secret);
      const one = await call({ method: 'GET', url: `/v1/webhooks/${webhook.id}` });
      expect(one.json().data.webhook).to.deep.equal(webhook);
      const edited = await call({
        method: 'PATCH',
        url: `/v1/webhooks/${webhook.id}`,
        payload: { description: 'CRM sync', events: ['*'] },
      });
      expect(edited.json().data.webhook).to.include({ description: 'CRM sync' });

      await right(alice.clients.create({ name: 'Acme' }));
      await receiver.waitFor(1);
      const deliveries = await call({ method: 'GET', url: `/v1/webhooks/${webhook.id}/deliveries?limit=10` });
      let [delivery] = deliveries.json().data.deliveries;
      // The receiver has answered; the attempt is recorded just after.
      for (let tries = 0; delivery.state !== 'delivered' && tries < 100; tries++) {
        await settle(10);
        [delivery] = (
          await call({ method: 'GET', url: `/v1/webhooks/${webhook.id}/deliveries` })
        ).json().data.deliveries;
      }
      expect(delivery).to.include({
        type: 'client.created',
        state: 'delivered',
        attempts: 1,
        last_status: 200,
      });
      // Issue 58, item 6: every attempt is in the delivery's log, not only the last.
      expect(delivery.attempt_log).to.have.length(1);
      expect(delivery.attempt_log[0]).to.include({ status: 200, error: null });
      expect(delivery.attempt_log[0].duration_ms).to.be.a('number');
      const retried = await call({
        method: 'POST',
        url: `/v1/webhooks/${webhook.id}/deliveries/${delivery.id}/retry`,
      });
      expect(retried.statusCode).to.equal(202);
      await receiver.waitFor(2);
      let log = delivery.attempt_log;
      for (let tries = 0; log.length < 2 && tries < 100; tries++) {
        await settle(10);
        log = (await call({ method: 'GET', url: `/v1/webhooks/${webhook.id}/deliveries` })).json().data
          .deliveries[0].attempt_log;
      }
      expect(log.map((attempt: { status: number }) => attempt.status)).to.deep.equal([200, 200]);

      const rotated = await call({ method: 'POST', url: `/v1/webhooks/${webhook.id}/rotate-secret` });
      expect(rotated.json().data.secret)
        .to.match(/^whsec_/)
        .and.not.equal(secret);
      expect((await call({ method: 'DELETE', url: `/v1/webhooks/${webhook.id}` })).statusCode).to.equal(200);
      expect((await call({ method: 'GET', url: `/v1/webhooks/${webhook.id}` })).statusCode).to.equal(404);
    });

    it('pages the subscriptions and the deliveries as every list: limit, offset or cursor, total, has_more', async () => {
      for (const description of ['one', 'two', 'three'])
        await right(alice.webhooks.create({ url, events: ['client.created'], description }));
      const first = (await call({ method: 'GET', url: '/v1/webhooks?limit=2' })).json().data;
      expect(first.webhooks.map((w: { description: string }) => w.description)).to.deep.equal(['one', 'two']);
      expect(first.pagination).to.include({ limit: 2, offset: 0, total: 3, has_more: true });
      const next = (
        await call({ method: 'GET', url: `/v1/webhooks?limit=2&cursor=${first.pagination.next_cursor}` })
      ).json().data;
      expect(next.webhooks.map((w: { description: string }) => w.description)).to.deep.equal(['three']);
      expect(next.pagination).to.include({ offset: null, has_more: false, next_cursor: null });
      const [webhook] = first.webhooks;
      const deliveries = (
        await call({ method: 'GET', url: `/v1/webhooks/${webhook.id}/deliveries?limit=5` })
      ).json().data;
      expect(deliveries.pagination).to.include({ limit: 5, total: 0, has_more: false });
      const forged = await call({
        method: 'GET',
        url: `/v1/webhooks?cursor=${first.pagination.next_cursor}x`,
      });
      expect(forged.statusCode).to.equal(400);
    });

    it('sends every event the document describes, each body as its schema under `webhooks` says', async () => {
      expect([...documentedEvents()].sort()).to.deep.equal([...WEBHOOK_EVENT_TYPES].sort());
      const created = await call({ method: 'POST', url: '/v1/webhooks', payload: { url, events: ['*'] } });
      receiver.secrets.push(created.json().data.secret);

      const task = await right(alice.tasks.create({ title: 'Plan' }));
      await right(alice.tasks.update(task.id, { title: 'Plan the launch' }));
      await right(alice.tasks.changeStatus(task.id, 2));
      const client = await right(alice.clients.create({ name: 'Acme' }));
      await right(alice.clients.update(client.id, { name: 'Acme Ltd' }));
      const project = await right(alice.projects.create({ name: 'Site' }));
      await right(alice.projects.update(project.id, { name: 'Website' }));
      const note = await right(alice.notes.create({ name: 'Idea' }));
      await right(alice.notes.update(note.id, { name: 'Better idea' }));
      const category = await right(alice.categories.create({ name: 'Deep work' }));
      await right(alice.categories.update(category.id, { name: 'Focus' }));
      const card = await right(alice.cards.create({ name: 'Main' }));
      await right(alice.cards.update(card.id, { name: 'Current account' }));
      const time = await right(alice.times.create({ timeReally: 3600 }));
      await right(alice.times.update(time.id, { timeReally: 7200 }));
      const money = await right(alice.moneys.create({ type: 1, price: 10, card: card.id }));
      await right(alice.moneys.update(money.id, { price: 20 }));
      // A record deleted before its events go out is sent as its deletion alone: wait for them first.
      const living = WEBHOOK_EVENT_TYPES.filter((type) => !type.endsWith('.deleted')).length;
      await receiver.waitFor(living, 10_000);
      await right(alice.moneys.delete(money.id));
      await right(alice.times.delete(time.id));
      await right(alice.cards.delete(card.id));
      await right(alice.categories.delete(category.id));
      await right(alice.notes.delete(note.id));
      await right(alice.projects.delete(project.id));
      await right(alice.clients.delete(client.id));
      await right(alice.tasks.delete(task.id));

      const received = await receiver.waitFor(WEBHOOK_EVENT_TYPES.length, 10_000);
      await settle();
      expect(receiver.forged).to.deep.equal([]);
      expect(received.map((r) => r.event.type).sort()).to.deep.equal([...WEBHOOK_EVENT_TYPES].sort());
      for (const { body } of received) checkWebhookEvent(body);
    });
  });
}
