import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { ALL_HARNESSES } from '../../support/persistence-harness.js';

/** Every list route, and a record to create in it (given a number, so that records differ). */
const LISTS = [
  { path: '/v1/tasks', create: (n: number) => ({ title: `t${n}` }) },
  { path: '/v1/clients', create: (n: number) => ({ name: `c${n}` }) },
  { path: '/v1/projects', create: (n: number) => ({ name: `p${n}` }) },
  { path: '/v1/notes', create: (n: number) => ({ name: `n${n}` }) },
  { path: '/v1/categories', create: (n: number) => ({ name: `c${n}` }) },
  { path: '/v1/cards', create: (n: number) => ({ name: `c${n}` }) },
  // Every third undated, the rest on two days: ties on the date, and nulls last.
  {
    path: '/v1/times',
    create: (n: number) => ({
      time_really: '1:00:00',
      ...(n % 3 ? { date: `2026-03-0${n % 2 ? 1 : 2}` } : {}),
    }),
  },
  {
    path: '/v1/moneys',
    create: (n: number) => ({ type: 1, price: n, ...(n % 3 ? { date: '2026-03-01' } : {}) }),
  },
] as const;

const EVERYTHING = 'tasks:*,clients:*,projects:*,notes:*,categories:*,cards:*,times:*,moneys:*';

interface Pagination {
  readonly limit: number;
  readonly offset: number | null;
  readonly total: number;
  readonly has_more: boolean;
  readonly next_cursor: string | null;
}

/** CONTRACT §9: cursor pagination on every list, bound to its owner, filters and sort. */
for (const harness of ALL_HARNESSES) {
  describe(`HTTP: cursor pagination (${harness.name})`, function () {
    this.timeout(60_000);
    let world: HttpWorld;
    let alice: string;
    let aliceId: number;

    beforeEach(async () => {
      world = await openHttpWorld(undefined, await harness.open());
      aliceId = (await world.user('alice')).userId;
      alice = await world.key('alice', EVERYTHING);
    });

    afterEach(() => world.close());

    const get = (key: string, url: string) => world.call(key, { method: 'GET', url });
    const post = async (key: string, url: string, payload: object) => {
      const created = await world.call(key, { method: 'POST', url, payload });
      expect(created.statusCode, created.body).to.equal(201);
      // `data` holds the one record, under its resource's name.
      return Object.values(created.json().data)[0] as { id: number };
    };
    const listOf = (path: string): string => (path.split('/').pop() ?? '').split('?')[0] ?? '';
    const join = (path: string, parameter: string) => `${path}${path.includes('?') ? '&' : '?'}${parameter}`;

    /** The ids of a whole list walked by cursor, `limit` at a time, checking each page's pagination. */
    const walk = async (
      key: string,
      path: string,
      limit: number,
      items = listOf(path),
    ): Promise<number[]> => {
      const ids: number[] = [];
      let url = join(path, `limit=${limit}`);
      for (let page = 0; page < 100; page += 1) {
        const answer = await get(key, url);
        expect(answer.statusCode, answer.body).to.equal(200);
        const data = answer.json().data;
        const pagination: Pagination = data.pagination;
        expect(pagination.offset).to.equal(page === 0 ? 0 : null);
        expect(pagination.has_more).to.equal(pagination.next_cursor !== null);
        ids.push(...data[items].map((item: { id: number }) => item.id));
        if (pagination.next_cursor === null) return ids;
        expect(pagination.next_cursor.length).to.be.at.most(512);
        url = join(path, `limit=${limit}&cursor=${encodeURIComponent(pagination.next_cursor)}`);
      }
      throw new Error('the walk did not end');
    };

    /** The ids of a whole list in one offset page. */
    const everything = async (key: string, path: string, items = listOf(path)): Promise<number[]> => {
      const answer = await get(key, join(path, 'limit=100'));
      expect(answer.statusCode, answer.body).to.equal(200);
      return answer.json().data[items].map((item: { id: number }) => item.id);
    };

    const cursorOf = async (key: string, path: string): Promise<string> => {
      const first = await get(key, join(path, 'limit=2'));
      const cursor = first.json().data.pagination.next_cursor;
      expect(cursor, first.body).to.be.a('string');
      return cursor;
    };

    for (const list of LISTS) {
      it(`${list.path}: a walk by cursor gives every record once, in the list's order; next_cursor is null on the last page`, async () => {
        for (let n = 1; n <= 7; n += 1) await post(alice, list.path, list.create(n));
        const all = await everything(alice, list.path);
        expect(all).to.have.length(7);
        expect(await walk(alice, list.path, 3)).to.deep.equal(all);
        expect(await walk(alice, list.path, 7)).to.deep.equal(all);
        expect(await walk(alice, list.path, 1)).to.deep.equal(all);

        const last = (await get(alice, `${list.path}?limit=3&offset=6`)).json().data.pagination;
        expect(last).to.deep.equal({ limit: 3, offset: 6, total: 7, has_more: false, next_cursor: null });
      });
    }

    it('a cursor with offset is refused as a MISMATCH; a cursor page says offset null', async () => {
      for (let n = 1; n <= 3; n += 1) await post(alice, '/v1/tasks', { title: `t${n}` });
      const cursor = await cursorOf(alice, '/v1/tasks');
      const both = await get(alice, `/v1/tasks?offset=0&cursor=${cursor}`);
      expect(both.statusCode).to.equal(400);
      expect(both.json().error.code).to.equal('VALIDATION_ERROR');
      expect(
        both.json().error.details.map((d: { field: string; code: string }) => [d.field, d.code]),
      ).to.deep.equal([['cursor', 'MISMATCH']]);
      const next = (await get(alice, `/v1/tasks?limit=2&cursor=${cursor}`)).json().data.pagination;
      expect(next).to.deep.equal({ limit: 2, offset: null, total: 3, has_more: false, next_cursor: null });
    });

    it('a cursor only works for its own owner, filters and sort: anything else is INVALID_CURSOR', async () => {
      await world.user('bob');
      const bob = await world.key('bob', EVERYTHING);
      for (let n = 1; n <= 4; n += 1) await post(alice, '/v1/tasks', { title: `t${n}`, priority: 1 });
      const cursor = await cursorOf(alice, '/v1/tasks?priority=1&sort=-date');
      const flipped = `${cursor.slice(0, 5)}${cursor[5] === 'A' ? 'B' : 'A'}${cursor.slice(6)}`;
      const refused = [
        [alice, '/v1/tasks?priority=1&sort=-date', cursor.slice(0, -2)],
        [alice, '/v1/tasks?priority=1&sort=-date', flipped],
        [alice, '/v1/tasks?priority=1&sort=-date', 'not-a-cursor'],
        [alice, '/v1/tasks?priority=1&sort=-date', `${cursor}A`],
        [alice, '/v1/tasks?priority=1&sort=-date', Buffer.from('["x",1]').toString('base64url')],
        [alice, '/v1/tasks?priority=2&sort=-date', cursor],
        [alice, '/v1/tasks?priority=1&sort=date', cursor],
        [alice, '/v1/tasks?sort=-date', cursor],
        [alice, '/v1/clients', cursor],
        [bob, '/v1/tasks?priority=1&sort=-date', cursor],
      ] as const;
      for (const [key, path, used] of refused) {
        const answer = await get(key, join(path, `cursor=${encodeURIComponent(used)}`));
        expect([answer.statusCode, answer.json().error?.code], `${path} ${used}`).to.deep.equal([
          400,
          'INVALID_CURSOR',
        ]);
      }
      // The same filters spelled in another order, and another page size, are the same list.
      const same = await get(alice, `/v1/tasks?sort=-date&limit=3&priority=1&cursor=${cursor}`);
      expect(same.statusCode, same.body).to.equal(200);
      expect(same.json().data.tasks).to.have.length(2);

      const long = await get(alice, `/v1/tasks?cursor=${'a'.repeat(513)}`);
      expect([long.statusCode, long.json().error.details[0].code]).to.deep.equal([400, 'TOO_LONG']);
    });

    it('records added or removed before the cursor during a walk neither repeat nor skip the unchanged ones', async () => {
      const ids: number[] = [];
      for (let n = 1; n <= 9; n += 1) ids.push((await post(alice, '/v1/clients', { name: `c${n}` })).id);
      const first = (await get(alice, '/v1/clients?limit=3')).json().data;
      const seen = first.clients.map((c: { id: number }) => c.id);
      // The page's own last record goes, one more comes after all of them.
      await world.call(alice, { method: 'DELETE', url: `/v1/clients/${ids[2]}` });
      await world.call(alice, { method: 'DELETE', url: `/v1/clients/${ids[0]}` });
      const added = (await post(alice, '/v1/clients', { name: 'late' })).id;
      let cursor: string | null = first.pagination.next_cursor;
      while (cursor !== null) {
        const page = (await get(alice, `/v1/clients?limit=3&cursor=${cursor}`)).json().data;
        seen.push(...page.clients.map((c: { id: number }) => c.id));
        cursor = page.pagination.next_cursor;
      }
      expect(seen).to.deep.equal([...ids, added]);
    });

    it('tasks: every sort, both directions, walks as its offset pages read, nulls last and ties by id', async () => {
      await world.user('bob');
      const bob = await world.key('bob', 'tasks:*');
      for (let n = 1; n <= 8; n += 1)
        await post(alice, '/v1/tasks', {
          title: `t${n}`,
          priority: n % 3,
          ...(n % 4 ? { date: `2026-03-0${(n % 2) + 1} 09:00:00` } : {}),
        });
      // Tasks assigned to alice by bob are in her list too, from the other visibility run.
      for (let n = 1; n <= 3; n += 1)
        await post(bob, '/v1/tasks', { title: `b${n}`, priority: 1, assignee_id: aliceId });
      for (const by of ['id', 'date', 'priority', 'created_at', 'updated_at'])
        for (const sort of [by, `-${by}`]) {
          const path = `/v1/tasks?sort=${sort}`;
          const all = await everything(alice, path, 'tasks');
          expect(all, sort).to.have.length(11);
          expect(await walk(alice, path, 3, 'tasks'), sort).to.deep.equal(all);
        }
      const filtered = '/v1/tasks?priority=1&sort=-date';
      expect(await walk(alice, filtered, 2, 'tasks')).to.deep.equal(
        await everything(alice, filtered, 'tasks'),
      );
    });

    it('clients by their latest record walk as their offset pages read, clients without one last', async () => {
      const clients: number[] = [];
      for (let n = 1; n <= 6; n += 1) clients.push((await post(alice, '/v1/clients', { name: `c${n}` })).id);
      for (const clientId of [clients[3], clients[1], clients[4], clients[3]])
        await post(alice, '/v1/times', { time_really: '1:00:00', client_id: clientId });
      const path = '/v1/clients?type=time';
      const all = await everything(alice, path, 'clients');
      expect(all.slice(0, 3)).to.deep.equal([clients[3], clients[4], clients[1]]);
      expect(await walk(alice, path, 2, 'clients')).to.deep.equal(all);
    });

    it('a task’s history walks by cursor too, bound to that task', async () => {
      const task = await post(alice, '/v1/tasks', { title: 'moving' });
      const other = await post(alice, '/v1/tasks', { title: 'still' });
      for (const status of [1, 2, 1, 2, 3])
        await world.call(alice, { method: 'PATCH', url: `/v1/tasks/${task.id}`, payload: { status } });
      const path = `/v1/tasks/${task.id}/history`;
      const all = await everything(alice, path, 'history');
      expect(all).to.have.length(6);
      expect(await walk(alice, path, 2, 'history')).to.deep.equal(all);
      const cursor = await cursorOf(alice, path);
      const elsewhere = await get(alice, `/v1/tasks/${other.id}/history?cursor=${cursor}`);
      expect([elsewhere.statusCode, elsewhere.json().error.code]).to.deep.equal([400, 'INVALID_CURSOR']);
    });
  });
}
