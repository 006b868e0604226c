import { expect } from 'chai';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createHttpServer } from '../../../bootstrap/http-server.js';
import { createWorkspace } from '../../../bootstrap/workspace.js';
import { checkAgainstDocument } from '../../support/openapi-conformance.js';
import { ALL_HARNESSES, type PersistenceHarness } from '../../support/persistence-harness.js';
import { right } from '../../support/world.js';

/** A target that resolves without a network (private targets are allowed here). */
const TARGET = 'http://127.0.0.1:9/in';

/**
 * A webhook's secret is shown once: the answer an `Idempotency-Key` keeps has it as null, so that
 * neither the store's rows nor a replay (after a rotation, say) show it again (issue 57, item 9).
 */
for (const factory of ALL_HARNESSES) {
  describe(`HTTP: idempotent answers keep no webhook secret (${factory.name})`, function () {
    this.timeout(60_000);
    let harness: PersistenceHarness;
    let workspace: ReturnType<typeof createWorkspace>;
    let app: FastifyInstance;
    let key: string;

    beforeEach(async () => {
      harness = await factory.open();
      workspace = createWorkspace({
        persistence: harness.persistence,
        webhooks: { allowHttp: true, allowPrivateTargets: true, deliver: false },
      });
      app = createHttpServer(workspace, false);
      await app.ready();
      const user = await right(workspace.users.create({ name: 'alice' }));
      key = (await right(workspace.keys.create({ userId: user.id, scopes: ['webhooks:*', 'tasks:read'] })))
        .plaintext;
    });

    afterEach(async () => {
      await app.close();
      await workspace.close();
      await harness.close();
    });

    const call = async (options: InjectOptions) => {
      const response = await app.inject({
        ...options,
        headers: { authorization: `Bearer ${key}`, ...(options.headers ?? {}) },
      });
      checkAgainstDocument(options, response);
      return response;
    };

    it('shows the secret of a create once: its replay has the same webhook and a null secret', async () => {
      const create = {
        method: 'POST',
        url: '/v1/webhooks',
        payload: { url: TARGET },
        headers: { 'idempotency-key': 'create-1' },
      } as const;
      const first = await call(create);
      expect(first.statusCode).to.equal(201);
      expect(first.json().data.secret).to.match(/^whsec_/);
      const replay = await call(create);
      expect(replay.headers['idempotent-replayed']).to.equal('true');
      expect(replay.statusCode).to.equal(201);
      expect(replay.json().data.webhook).to.deep.equal(first.json().data.webhook);
      expect(replay.json().data.secret).to.equal(null);
    });

    it('shows a rotated secret once, and a batch that rotates keeps none either', async () => {
      const { webhook } = (
        await call({ method: 'POST', url: '/v1/webhooks', payload: { url: TARGET } })
      ).json().data;
      const rotate = {
        method: 'POST',
        url: `/v1/webhooks/${webhook.id}/rotate-secret`,
        headers: { 'idempotency-key': 'rotate-1' },
      } as const;
      const first = await call(rotate);
      expect(first.json().data.secret).to.match(/^whsec_/);
      expect((await call(rotate)).json().data.secret).to.equal(null);
      const batch = {
        method: 'POST',
        url: '/v1/batch',
        payload: { operations: [{ method: 'POST', path: '/v1/webhooks', body: { url: TARGET } }] },
        headers: { 'idempotency-key': 'batch-1' },
      } as const;
      const batched = await call(batch);
      expect(batched.json().data.results[0].body.data.secret).to.match(/^whsec_/);
      const replayed = await call(batch);
      expect(replayed.json().data.results[0].body.data.secret).to.equal(null);
      expect(replayed.json().data.results[0].body.data.webhook).to.deep.equal(
        batched.json().data.results[0].body.data.webhook,
      );
    });

    it("keeps a calendar feed's URL (its credential) out of a replay, alone and in a batch", async () => {
      const create = {
        method: 'POST',
        url: '/v1/calendar-feeds',
        payload: { name: 'Work' },
        headers: { 'idempotency-key': 'feed-1' },
      } as const;
      const first = (await call(create)).json().data.feed;
      expect(first.url).to.match(/\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      const replay = (await call(create)).json().data.feed;
      expect(replay).to.deep.equal({ ...first, url: null });
      const batch = {
        method: 'POST',
        url: '/v1/batch',
        payload: { operations: [{ method: 'POST', path: `/v1/calendar-feeds/${first.id}/regenerate` }] },
        headers: { 'idempotency-key': 'feed-batch-1' },
      } as const;
      const batched = (await call(batch)).json().data.results[0].body.data.feed;
      expect(batched.url).to.match(/^http:\/\/localhost(:\d+)?\/v1\/calendar\//);
      expect((await call(batch)).json().data.results[0].body.data.feed.url).to.equal(null);
    });
  });
}
