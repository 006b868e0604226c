import { expect } from 'chai';
import { DAY_MS } from '../../support/fixed-clock.js';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { ALL_HARNESSES } from '../../support/persistence-harness.js';

const EVERYTHING = 'tasks:*,clients:*,projects:*,notes:*,categories:*,cards:*,times:*,moneys:*';

interface WireChange {
  readonly seq: number;
  readonly resource: string;
  readonly id: number;
  readonly operation: string;
  readonly changed_at: string;
  readonly record: Record<string, unknown> | null;
}

/** CONTRACT §10 delta sync over HTTP: `GET /v1/sync`, every answer held to the OpenAPI document. */
for (const harness of ALL_HARNESSES) {
  describe(`HTTP: delta sync (${harness.name})`, function () {
    this.timeout(60_000);
    let world: HttpWorld;
    let alice: string;

    beforeEach(async () => {
      world = await openHttpWorld(undefined, await harness.open());
      await world.user('alice');
      alice = await world.key('alice', EVERYTHING);
    });

    afterEach(() => world.close());

    const get = (key: string, url: string) => world.call(key, { method: 'GET', url });
    const create = async (url: string, payload: object) => {
      const created = await world.call(alice, { method: 'POST', url, payload });
      expect(created.statusCode, created.body).to.equal(201);
      return Object.values(created.json().data)[0] as { id: number };
    };
    const sync = async (key: string, query = '') => {
      const answer = await get(key, `/v1/sync${query}`);
      expect(answer.statusCode, answer.body).to.equal(200);
      return answer.json().data as { changes: WireChange[]; next_since: string; has_more: boolean };
    };

    it('answers each change with its record as GET shows it, and a tombstone once deleted', async () => {
      const task = await create('/v1/tasks', { title: 'plan' });
      const client = await create('/v1/clients', { name: 'Acme' });
      const note = await create('/v1/notes', { name: 'gone soon' });
      const first = await sync(alice);
      expect(first.has_more).to.equal(false);
      expect(first.changes.map(({ resource, operation }) => [resource, operation])).to.deep.equal([
        ['tasks', 'created'],
        ['clients', 'created'],
        ['notes', 'created'],
      ]);
      expect(first.changes[0]?.record).to.deep.equal(
        (await get(alice, `/v1/tasks/${task.id}`)).json().data.task,
      );
      expect(first.changes[1]?.record).to.deep.equal(
        (await get(alice, `/v1/clients/${client.id}`)).json().data.client,
      );

      expect(
        (await world.call(alice, { method: 'DELETE', url: `/v1/notes/${note.id}` })).statusCode,
      ).to.equal(200);
      const next = await sync(alice, `?since=${first.next_since}`);
      expect(next.changes).to.have.length(1);
      expect(next.changes[0]).to.include({
        resource: 'notes',
        id: note.id,
        operation: 'deleted',
        record: null,
      });
      expect(next.changes[0]?.changed_at).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('pages by limit, and covers only what the key can read unless resources names more (403)', async () => {
      for (const title of ['a', 'b', 'c']) await create('/v1/tasks', { title });
      await create('/v1/clients', { name: 'Acme' });
      const page = await sync(alice, '?limit=2&resources=tasks');
      expect(page.changes.map((change) => change.seq)).to.deep.equal([1, 2]);
      expect(page.has_more).to.equal(true);
      const rest = await sync(alice, `?limit=2&resources=tasks&since=${page.next_since}`);
      expect(rest.changes.map((change) => change.seq)).to.deep.equal([3]);
      expect(rest.has_more).to.equal(false);

      const tasksOnly = await world.key('alice', 'tasks:read');
      expect((await sync(tasksOnly)).changes.map((change) => change.resource)).to.deep.equal([
        'tasks',
        'tasks',
        'tasks',
      ]);
      const refused = await get(tasksOnly, '/v1/sync?resources=tasks,clients');
      expect(refused.statusCode).to.equal(403);
      expect(refused.json().error.code).to.equal('INSUFFICIENT_SCOPE');
      expect(refused.headers['x-accepted-scopes']).to.equal('clients:read, clients:*');
      // A key with no read scope at all syncs nothing, without error.
      expect((await sync(await world.key('alice', 'tasks:write'))).changes).to.deep.equal([]);
    });

    it('refuses tokens it did not give out (400 INVALID_SYNC_TOKEN) and expired ones (410), and bad parameters', async () => {
      await create('/v1/tasks', { title: 'a' });
      const { next_since } = await sync(alice);
      await world.user('bob');
      const bob = await world.key('bob', EVERYTHING);
      const codeOf = async (key: string, query: string) => {
        const answer = await get(key, `/v1/sync${query}`);
        return [answer.statusCode, answer.json().error?.code];
      };
      expect(await codeOf(bob, `?since=${next_since}`)).to.deep.equal([400, 'INVALID_SYNC_TOKEN']);
      expect(await codeOf(alice, '?since=bm90IGEgdG9rZW4')).to.deep.equal([400, 'INVALID_SYNC_TOKEN']);
      expect(await codeOf(alice, '?limit=0')).to.deep.equal([400, 'VALIDATION_ERROR']);
      expect(await codeOf(alice, '?resources=tasks,users')).to.deep.equal([400, 'VALIDATION_ERROR']);
      expect(await codeOf(alice, '?cursor=x')).to.deep.equal([400, 'VALIDATION_ERROR']);
      world.clock.advance(91 * DAY_MS);
      expect(await codeOf(alice, `?since=${next_since}`)).to.deep.equal([410, 'SYNC_TOKEN_EXPIRED']);
    });
  });
}
