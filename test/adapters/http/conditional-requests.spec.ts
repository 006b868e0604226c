import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { ALL_HARNESSES } from '../../support/persistence-harness.js';

/** Every resource with single-record routes: where it lives, a body to create it, and a change. */
const RESOURCES = [
  { path: '/v1/tasks', key: 'task', create: { title: 't' }, change: { title: 'changed' } },
  { path: '/v1/clients', key: 'client', create: { name: 'c' }, change: { name: 'changed' } },
  { path: '/v1/projects', key: 'project', create: { name: 'p' }, change: { name: 'changed' } },
  { path: '/v1/notes', key: 'note', create: { name: 'n' }, change: { name: 'changed' } },
  { path: '/v1/categories', key: 'category', create: { name: 'c' }, change: { name: 'changed' } },
  { path: '/v1/cards', key: 'card', create: { name: 'c' }, change: { name: 'changed' } },
  { path: '/v1/times', key: 'time', create: { time_really: '1:00:00' }, change: { time_really: '2:00:00' } },
  { path: '/v1/moneys', key: 'money', create: { type: 1, price: 5 }, change: { price: 6 } },
] as const;

const EVERYTHING = 'tasks:*,clients:*,projects:*,notes:*,categories:*,cards:*,times:*,moneys:*';

for (const harness of ALL_HARNESSES) {
  describe(`HTTP: ETag, If-None-Match and If-Match (${harness.name})`, function () {
    this.timeout(60_000);
    let world: HttpWorld;
    let key: string;

    beforeEach(async () => {
      world = await openHttpWorld(undefined, await harness.open());
      await world.user('alice');
      key = await world.key('alice', EVERYTHING);
    });

    afterEach(() => world.close());

    const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, options: object = {}) =>
      world.call(key, { method, url, ...options });

    for (const resource of RESOURCES) {
      it(`${resource.path}: a strong ETag that changes with the record; 304 and 412 as CONTRACT 8 says`, async () => {
        const created = await call('POST', resource.path, { payload: resource.create });
        expect(created.statusCode).to.equal(201);
        const etag = String(created.headers.etag);
        expect(etag).to.match(/^"[A-Za-z0-9_-]{27}"$/);
        const url = `${resource.path}/${created.json().data[resource.key].id}`;

        const got = await call('GET', url);
        expect(got.headers.etag).to.equal(etag);
        const notModified = await call('GET', url, { headers: { 'if-none-match': `"other", ${etag}` } });
        expect([notModified.statusCode, notModified.body, notModified.headers.etag]).to.deep.equal([
          304,
          '',
          etag,
        ]);
        expect((await call('GET', url, { headers: { 'if-none-match': `W/${etag}` } })).statusCode).to.equal(
          304,
        );
        expect((await call('GET', url, { headers: { 'if-none-match': '"other"' } })).statusCode).to.equal(
          200,
        );

        const patched = await call('PATCH', url, { payload: resource.change, headers: { 'if-match': etag } });
        expect(patched.statusCode, patched.body).to.equal(200);
        const fresh = String(patched.headers.etag);
        expect(fresh).to.not.equal(etag);
        expect((await call('GET', url)).headers.etag).to.equal(fresh);

        const stale = await call('PATCH', url, { payload: resource.create, headers: { 'if-match': etag } });
        expect(stale.statusCode).to.equal(412);
        expect(stale.json().error.code).to.equal('PRECONDITION_FAILED');
        const weak = await call('PATCH', url, {
          payload: resource.create,
          headers: { 'if-match': `W/${fresh}` },
        });
        expect(weak.statusCode).to.equal(412);
        const staleDelete = await call('DELETE', url, { headers: { 'if-match': etag } });
        expect(staleDelete.statusCode).to.equal(412);
        const unchanged = await call('GET', url);
        expect([unchanged.statusCode, unchanged.headers.etag]).to.deep.equal([200, fresh]);
        expect(unchanged.json().data).to.deep.equal(patched.json().data);

        expect((await call('DELETE', url, { headers: { 'if-match': '*' } })).statusCode).to.equal(200);
        expect((await call('GET', url)).statusCode).to.equal(404);
      });
    }

    it('PUT of a task honours If-Match too, and a PATCH that changes nothing keeps the ETag', async () => {
      const created = await call('POST', '/v1/tasks', { payload: { title: 'keep' } });
      const url = `/v1/tasks/${created.json().data.task.id}`;
      const etag = String(created.headers.etag);
      const same = await call('PATCH', url, { payload: {}, headers: { 'if-match': etag } });
      expect(same.headers.etag).to.equal(etag);
      const replaced = await call('PUT', url, { payload: { title: 'new' }, headers: { 'if-match': etag } });
      expect(replaced.statusCode).to.equal(200);
      const stale = await call('PUT', url, { payload: { title: 'older' }, headers: { 'if-match': etag } });
      expect(stale.statusCode).to.equal(412);
      expect((await call('GET', url)).json().data.task.title).to.equal('new');
    });

    for (const [path, key, field] of [
      ['/v1/tasks', 'task', 'title'],
      ['/v1/clients', 'client', 'name'],
    ] as const) {
      it(`lets one of four clients editing one ${key} from the same ETag win; the others get 412`, async () => {
        const created = await call('POST', path, { payload: { [field]: 'shared' } });
        const url = `${path}/${created.json().data[key].id}`;
        const etag = String(created.headers.etag);
        const answers = await Promise.all(
          ['first', 'second', 'third', 'fourth'].map((value) =>
            call('PATCH', url, { payload: { [field]: value }, headers: { 'if-match': etag } }),
          ),
        );
        expect(answers.map((a) => a.statusCode).sort()).to.deep.equal([200, 412, 412, 412]);
        const winner = answers.find((a) => a.statusCode === 200)?.json().data[key][field];
        expect((await call('GET', url)).json().data[key][field]).to.equal(winner);
      });
    }

    it('answers 404, not 412, for a record that does not exist or is not yours', async () => {
      const missing = await call('PATCH', '/v1/clients/99999', {
        payload: { name: 'x' },
        headers: { 'if-match': '*' },
      });
      expect(missing.statusCode).to.equal(404);
    });

    it('sends no ETag on deletes; a list’s is a list version, not a record’s (CONTRACT §9, list-etags.spec)', async () => {
      const created = await call('POST', '/v1/clients', { payload: { name: 'c' } });
      const deleted = await call('DELETE', `/v1/clients/${created.json().data.client.id}`);
      expect(deleted.headers.etag).to.equal(undefined);
      expect((await call('GET', '/v1/clients')).headers.etag).to.match(/^"l\./);
    });
  });
}
