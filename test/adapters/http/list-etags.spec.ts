import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { ALL_HARNESSES } from '../../support/persistence-harness.js';

/** Every list route, and a record to create so that the list changes. */
const LISTS = [
  { path: '/v1/tasks', create: { title: 't' } },
  { path: '/v1/clients', create: { name: 'c' } },
  { path: '/v1/projects', create: { name: 'p' } },
  { path: '/v1/notes', create: { name: 'n' } },
  { path: '/v1/categories', create: { name: 'c' } },
  { path: '/v1/cards', create: { name: 'c' } },
  { path: '/v1/times', create: { time_really: '1:00:00' } },
  { path: '/v1/moneys', create: { type: 1, price: 5 } },
] as const;

const EVERYTHING = 'tasks:*,clients:*,projects:*,notes:*,categories:*,cards:*,times:*,moneys:*';

/** CONTRACT §9: every list answer carries a strong ETag from the caller's change sequence and the query. */
for (const harness of ALL_HARNESSES) {
  describe(`HTTP: list ETags and If-None-Match (${harness.name})`, function () {
    this.timeout(60_000);
    let world: HttpWorld;
    let alice: string;

    beforeEach(async () => {
      world = await openHttpWorld(undefined, await harness.open());
      await world.user('alice');
      alice = await world.key('alice', EVERYTHING);
    });

    afterEach(() => world.close());

    const get = (key: string, url: string, headers: Record<string, string> = {}) =>
      world.call(key, { method: 'GET', url, headers });

    for (const list of LISTS) {
      it(`${list.path}: the same ETag while nothing changes, 304 with no body for it, a new one after a write`, async () => {
        const first = await get(alice, list.path);
        const etag = String(first.headers.etag);
        expect(etag).to.match(/^"l\.[0-9]+-[0-9a-z]+"$/);
        expect((await get(alice, list.path)).headers.etag).to.equal(etag);

        const unchanged = await get(alice, list.path, { 'if-none-match': `"other", W/${etag}` });
        expect([unchanged.statusCode, unchanged.body, unchanged.headers.etag]).to.deep.equal([304, '', etag]);

        const created = await world.call(alice, { method: 'POST', url: list.path, payload: list.create });
        expect(created.statusCode, created.body).to.equal(201);
        const after = await get(alice, list.path, { 'if-none-match': etag });
        expect(after.statusCode).to.equal(200);
        expect(after.headers.etag).to.not.equal(etag);
        expect(after.json().data.pagination.total).to.equal(first.json().data.pagination.total + 1);
      });
    }

    it('each query has its own ETag, and a stale one is answered in full', async () => {
      const all = String((await get(alice, '/v1/tasks')).headers.etag);
      const filtered = String((await get(alice, '/v1/tasks?status=1')).headers.etag);
      const paged = String((await get(alice, '/v1/tasks?limit=10')).headers.etag);
      expect(new Set([all, filtered, paged]).size).to.equal(3);
      expect((await get(alice, '/v1/tasks?status=1', { 'if-none-match': all })).statusCode).to.equal(200);
    });

    it('the assignee’s list moves when the owner assigns, changes or unassigns their task; another user’s write leaves it', async () => {
      const bobId = (await world.user('bob')).userId;
      await world.user('carol');
      const bob = await world.key('bob', 'tasks:*');
      const carol = await world.key('carol', 'tasks:*');
      const before = String((await get(bob, '/v1/tasks')).headers.etag);

      await world.call(carol, { method: 'POST', url: '/v1/tasks', payload: { title: 'carol’s own' } });
      expect((await get(bob, '/v1/tasks', { 'if-none-match': before })).statusCode).to.equal(304);

      const task = await world.call(alice, {
        method: 'POST',
        url: '/v1/tasks',
        payload: { title: 'for bob', assignee_id: bobId },
      });
      const assigned = await get(bob, '/v1/tasks', { 'if-none-match': before });
      expect(assigned.statusCode).to.equal(200);
      expect(assigned.json().data.tasks).to.have.length(1);

      const id = task.json().data.task.id;
      await world.call(alice, { method: 'PATCH', url: `/v1/tasks/${id}`, payload: { assignee_id: null } });
      const unassigned = await get(bob, '/v1/tasks', { 'if-none-match': String(assigned.headers.etag) });
      expect(unassigned.statusCode).to.equal(200);
      expect(unassigned.json().data.tasks).to.deep.equal([]);
    });

    it('a task’s history: the same ETag while nothing changes, 304 for it, a new one after a status change, 404 once deleted', async () => {
      const task = (
        await world.call(alice, { method: 'POST', url: '/v1/tasks', payload: { title: 't' } })
      ).json().data.task;
      const url = `/v1/tasks/${task.id}/history`;
      const first = await get(alice, url);
      const etag = String(first.headers.etag);
      expect(etag).to.match(/^"l\.[0-9]+-[0-9a-z]+"$/);
      expect((await get(alice, url)).headers.etag).to.equal(etag);
      // Another page of the same history, or another task's, is another answer.
      expect((await get(alice, `${url}?limit=1`)).headers.etag).to.not.equal(etag);
      const unchanged = await get(alice, url, { 'if-none-match': etag });
      expect([unchanged.statusCode, unchanged.body, unchanged.headers.etag]).to.deep.equal([304, '', etag]);

      await world.call(alice, { method: 'PATCH', url: `/v1/tasks/${task.id}`, payload: { status: 1 } });
      const changed = await get(alice, url, { 'if-none-match': etag });
      expect(changed.statusCode).to.equal(200);
      expect(changed.json().data.history).to.have.length(first.json().data.history.length + 1);

      await world.call(alice, { method: 'DELETE', url: `/v1/tasks/${task.id}` });
      const gone = await get(alice, url, { 'if-none-match': String(changed.headers.etag) });
      expect(gone.statusCode).to.equal(404);
    });

    it('a key of another user never gets 304 for an ETag it did not make', async () => {
      await world.user('bob');
      const bob = await world.key('bob', EVERYTHING);
      const etag = String((await get(alice, '/v1/clients')).headers.etag);
      expect((await get(bob, '/v1/clients', { 'if-none-match': etag })).statusCode).to.equal(200);
    });
  });
}
