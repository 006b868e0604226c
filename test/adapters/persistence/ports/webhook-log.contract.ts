import { expect } from 'chai';
import type { Repositories } from '../../../../application/ports/unit-of-work.port.js';
import type { DeliveryAttempt } from '../../../../domain/webhook/webhook.js';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { AT, portSuite } from './port-fixture.js';

/** A subscription of `userId` with `count` deliveries, delivered; answers its id and the deliveries' ids. */
const subscribed = async (r: Repositories, userId: number, count: number) => {
  const webhook = await r.webhooks.add({
    userId,
    url: 'https://hooks.example/in',
    events: ['*'],
    description: null,
    active: true,
    resources: [],
    secret: 'whsec_test',
    previousSecret: null,
    previousSecretUntil: null,
    cursor: 0,
    failingSince: null,
    disabledReason: null,
    createdAt: AT,
    updatedAt: AT,
  });
  await r.webhooks.addDeliveries(
    Array.from({ length: count }, (_, index) => ({
      webhookId: webhook.id,
      eventId: `event-${index}`,
      type: 'task.created',
      body: '{}',
      attempts: 1,
      state: 'delivered' as const,
      lastStatus: 204,
      lastError: null,
      nextAttemptAt: null,
      deliveredAt: AT,
      createdAt: AT,
    })),
  );
  return webhook.id;
};

/** Issue 58, item 6: a subscription's deliveries page as every list does, and every attempt is kept. */
export const webhookLogContract = (factory: HarnessFactory): void =>
  portSuite('WebhookRepository: delivery pages and attempt logs', factory, (fixture) => {
    it('pages a subscription’s deliveries newest first, by offset and by key, with their total', async () => {
      const { write } = fixture();
      const userId = await fixture().addUser('hooked');
      const webhookId = await write((r) => subscribed(r, userId, 5));
      const first = await write((r) => r.webhooks.deliveriesOf(webhookId, { limit: 2, offset: 0 }));
      expect(first.total).to.equal(5);
      const ids = first.items.map((delivery) => delivery.id);
      expect(ids[0]).to.be.greaterThan(ids[1] ?? Number.POSITIVE_INFINITY);
      expect(first.next).to.deep.equal([ids[1]]);
      const second = await write((r) =>
        r.webhooks.deliveriesOf(webhookId, { limit: 2, offset: 0, after: first.next ?? [] }),
      );
      const byOffset = await write((r) => r.webhooks.deliveriesOf(webhookId, { limit: 2, offset: 2 }));
      expect(second.items.map((delivery) => delivery.id)).to.deep.equal(byOffset.items.map((d) => d.id));
      const last = await write((r) => r.webhooks.deliveriesOf(webhookId, { limit: 2, offset: 4 }));
      expect([last.items.length, last.next]).to.deep.equal([1, null]);
    });

    it('keeps every attempt of each delivery, oldest first, and drops them with their subscription', async () => {
      const { write } = fixture();
      const userId = await fixture().addUser('logged');
      const webhookId = await write((r) => subscribed(r, userId, 2));
      const page = await write((r) => r.webhooks.deliveriesOf(webhookId, { limit: 10, offset: 0 }));
      const [newer, older] = page.items.map((delivery) => delivery.id);
      if (newer === undefined || older === undefined) throw new Error('two deliveries expected');
      const attempt = (deliveryId: number, second: number, outcome: Partial<DeliveryAttempt>) => ({
        deliveryId,
        at: new Date(AT.getTime() + second * 1000),
        durationMs: 120,
        status: null,
        error: null,
        ...outcome,
      });
      await write((r) =>
        r.webhooks.addAttempts([
          attempt(older, 1, { error: 'connection refused' }),
          attempt(newer, 2, { status: 503 }),
        ]),
      );
      await write((r) => r.webhooks.addAttempts([attempt(older, 30, { status: 204 })]));
      const logged = await write((r) => r.webhooks.attemptsOf([older, newer]));
      expect(logged.filter((entry) => entry.deliveryId === older)).to.deep.equal([
        attempt(older, 1, { error: 'connection refused' }),
        attempt(older, 30, { status: 204 }),
      ]);
      expect(logged.filter((entry) => entry.deliveryId === newer)).to.deep.equal([
        attempt(newer, 2, { status: 503 }),
      ]);
      expect(await write((r) => r.webhooks.delete(webhookId))).to.equal(true);
      expect(await write((r) => r.webhooks.attemptsOf([older, newer]))).to.deep.equal([]);
    });
    it('records a batch of attempts as given for each delivery, whether the attempts left them alike or not', async () => {
      const { write } = fixture();
      const userId = await fixture().addUser('recorded');
      const webhookId = await write((r) => subscribed(r, userId, 4));
      const page = await write((r) => r.webhooks.deliveriesOf(webhookId, { limit: 10, offset: 0 }));
      const [a, b, c, d] = page.items;
      if (a === undefined || b === undefined || c === undefined || d === undefined)
        throw new Error('four deliveries expected');
      const later = new Date(AT.getTime() + 60_000);
      const delivered = { attempts: 2, state: 'delivered' as const, lastStatus: 200, lastError: null };
      const updated = [
        { ...a, ...delivered, nextAttemptAt: null, deliveredAt: later },
        { ...b, ...delivered, nextAttemptAt: null, deliveredAt: later },
        {
          ...c,
          attempts: 2,
          state: 'pending' as const,
          lastStatus: 503,
          lastError: null,
          nextAttemptAt: later,
        },
        {
          ...d,
          attempts: 3,
          state: 'failed' as const,
          lastStatus: null,
          lastError: 'timeout',
          nextAttemptAt: null,
        },
      ];
      await write((r) => r.webhooks.updateDeliveries(updated));
      const stored = await write((r) => r.webhooks.findDeliveries(updated.map((delivery) => delivery.id)));
      const byId = (id: number) => stored.find((delivery) => delivery.id === id);
      for (const delivery of updated) expect(byId(delivery.id)).to.deep.equal(delivery);
    });
  });
