import { expect } from 'chai';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Persistence } from '../../../adapters/persistence/persistence.js';
import { DatabaseUnavailableError } from '../../../application/shared/errors.js';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { ALL_HARNESSES } from '../../support/persistence-harness.js';

/** Persistence whose next unit of work fails as an unreachable database would (then works again). */
const failingOnce = () => {
  let fail = false;
  return {
    failNext: () => {
      fail = true;
    },
    wrap: (persistence: Persistence): Persistence => ({
      ...persistence,
      unitOfWork: {
        together: (work, options) => persistence.unitOfWork.together(work, options),
        run: (work) => {
          if (!fail) return persistence.unitOfWork.run(work);
          fail = false;
          return TE.left({ _tag: 'Unavailable', cause: new DatabaseUnavailableError(new Error('down')) });
        },
      },
    }),
  };
};

for (const harness of ALL_HARNESSES) {
  describe(`HTTP: Idempotency-Key on POST (${harness.name})`, function () {
    this.timeout(60_000);
    let world: HttpWorld;
    let key: string;
    const faults = failingOnce();

    beforeEach(async () => {
      world = await openHttpWorld(faults.wrap, await harness.open());
      await world.user('alice');
      key = await world.key('alice', 'tasks:*,times:*');
    });

    afterEach(() => world.close());

    const post = (url: string, payload: object, idempotencyKey?: string, as = key) =>
      world.call(as, {
        method: 'POST',
        url,
        payload,
        headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
      });
    const taskCount = async () =>
      (await world.call(key, { method: 'GET', url: '/v1/tasks' })).json().data.pagination.total;

    it('replays the first answer to a retry, with Idempotent-Replayed, and creates one record', async () => {
      const first = await post('/v1/tasks', { title: 'Pay rent', priority: 2 }, 'rent-2026-03');
      expect(first.statusCode).to.equal(201);
      expect(first.headers['idempotent-replayed']).to.equal(undefined);
      const again = await post('/v1/tasks', { priority: 2, title: 'Pay rent' }, 'rent-2026-03');
      expect(again.statusCode).to.equal(201);
      expect(again.headers['idempotent-replayed']).to.equal('true');
      expect(again.headers.location).to.equal(first.headers.location);
      expect(again.json()).to.deep.equal(first.json());
      expect(await taskCount()).to.equal(1);
    });

    it('answers 422 IDEMPOTENCY_KEY_REUSED to the same key with another body or path, and runs nothing', async () => {
      await post('/v1/tasks', { title: 'one' }, 'k-1');
      const otherBody = await post('/v1/tasks', { title: 'two' }, 'k-1');
      expect(otherBody.statusCode).to.equal(422);
      expect(otherBody.json().error.code).to.equal('IDEMPOTENCY_KEY_REUSED');
      const otherPath = await post('/v1/times', { title: 'one' }, 'k-1');
      expect(otherPath.json().error.code).to.equal('IDEMPOTENCY_KEY_REUSED');
      expect(await taskCount()).to.equal(1);
    });

    it('keeps and replays a 4xx answer too: the request is the same, so is its answer', async () => {
      const first = await post('/v1/tasks', { title: '' }, 'blank');
      expect(first.json().error.code).to.equal('TITLE_REQUIRED');
      const again = await post('/v1/tasks', { title: '' }, 'blank');
      expect([again.statusCode, again.headers['idempotent-replayed']]).to.deep.equal([400, 'true']);
      expect(again.json()).to.deep.equal(first.json());
    });

    it('never keeps a 5xx: the key is released and a retry runs again', async () => {
      faults.failNext();
      const failed = await post('/v1/tasks', { title: 'retry me' }, 'flaky');
      expect(failed.statusCode).to.equal(503);
      const retried = await post('/v1/tasks', { title: 'retry me' }, 'flaky');
      expect(retried.statusCode).to.equal(201);
      expect(retried.headers['idempotent-replayed']).to.equal(undefined);
      expect(await taskCount()).to.equal(1);
    });

    it('never keeps a 401 or 403: a refused request does not take the key', async () => {
      const readOnly = await world.key('alice', 'tasks:read');
      expect((await post('/v1/tasks', { title: 't' }, 'scoped', readOnly)).statusCode).to.equal(403);
      expect((await post('/v1/tasks', { title: 't' }, 'scoped', 'wsk_live_nope')).statusCode).to.equal(401);
      const allowed = await post('/v1/tasks', { title: 't' }, 'scoped');
      expect([allowed.statusCode, allowed.headers['idempotent-replayed']]).to.deep.equal([201, undefined]);
    });

    it('keeps keys per owner: another user may use the same key for their own request', async () => {
      await world.user('bob');
      const bob = await world.key('bob', 'tasks:*');
      expect((await post('/v1/tasks', { title: 'mine' }, 'same')).statusCode).to.equal(201);
      const theirs = await post('/v1/tasks', { title: 'theirs' }, 'same', bob);
      expect([theirs.statusCode, theirs.headers['idempotent-replayed']]).to.deep.equal([201, undefined]);
    });

    it('rejects a key that is empty, too long, not printable ASCII or sent twice, and runs nothing', async () => {
      for (const bad of ['', 'x'.repeat(256), 'clé', 'tab\there']) {
        const response = await post('/v1/tasks', { title: 't' }, bad);
        expect(response.statusCode, JSON.stringify(bad)).to.equal(400);
        expect(response.json().error.details[0]).to.deep.include({
          field: 'Idempotency-Key',
          code: 'INVALID_FORMAT',
        });
      }
      const twice = await world.call(key, {
        method: 'POST',
        url: '/v1/tasks',
        payload: { title: 't' },
        headers: { 'idempotency-key': ['a', 'b'] },
      });
      expect(twice.statusCode).to.equal(400);
      expect((await post('/v1/tasks', { title: 't' }, 'x'.repeat(255))).statusCode).to.equal(201);
      expect(await taskCount()).to.equal(1);
    });

    it('takes any printable ASCII key, space inside included, exactly as the document’s pattern says', async () => {
      const document = (await world.call(null, { method: 'GET', url: '/v1/openapi.json' })).json();
      const { schema } = document.components.parameters.IdempotencyKey;
      const documented = (value: string) =>
        value.length >= schema.minLength &&
        value.length <= schema.maxLength &&
        new RegExp(schema.pattern).test(value);
      for (const sample of ['order 42', '~!@#$%^&*()_+{}|:"<>?', 'x'.repeat(255), 'clé', 'tab\there', '']) {
        const status = (await post('/v1/tasks', { title: 't' }, sample)).statusCode;
        expect(status === 201, JSON.stringify(sample)).to.equal(documented(sample));
      }
    });

    it('creates exactly one record from 20 concurrent POSTs with one key; the rest replay or get 409', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post('/v1/tasks', { title: 'once' }, 'burst')),
      );
      const created = answers.filter((a) => a.statusCode === 201);
      const busy = answers.filter((a) => a.statusCode === 409);
      expect(created.length + busy.length).to.equal(20);
      expect(created.filter((a) => a.headers['idempotent-replayed'] === undefined)).to.have.length(1);
      for (const answer of busy) expect(answer.json().error.code).to.equal('IDEMPOTENCY_KEY_IN_USE');
      expect(new Set(created.map((a) => a.json().data.task.id)).size).to.equal(1);
      expect(await taskCount()).to.equal(1);
    });
  });
}
