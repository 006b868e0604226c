import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { ALL_HARNESSES } from '../../support/persistence-harness.js';

/** Text that means something to SQL or to LIKE, and must mean nothing to the service. */
const SQL_LOOKING = [
  "Robert'); DROP TABLE tasks;--",
  "' OR '1'='1",
  '" OR ""="',
  '100% done',
  'snake_case',
  'back\\slash',
  '$1 ? :name @p1',
  '/* comment */ -- line',
  "x'; update gamification_profiles set total_points = 1000000; --",
] as const;

for (const factory of ALL_HARNESSES) {
  describe(`SQL-looking text is stored and searched literally: ${factory.name}`, function () {
    this.timeout(60_000);
    let world: HttpWorld;
    let key: string;

    before(async () => {
      world = await openHttpWorld(undefined, await factory.open());
      await world.user('alice');
      key = await world.key('alice', 'tasks:*,notes:*,clients:*');
      await world.call(key, { method: 'POST', url: '/v1/tasks', payload: { title: 'plain neighbour' } });
      await world.call(key, { method: 'POST', url: '/v1/notes', payload: { name: 'plain neighbour' } });
    });
    after(() => world.close());

    const list = async (url: string): Promise<string[]> => {
      const response = await world.call(key, { method: 'GET', url });
      expect(response.statusCode, response.body).to.equal(200);
      const { data } = response.json();
      return (data.tasks ?? data.notes).map((r: { title?: string; name?: string }) => r.title ?? r.name);
    };

    for (const text of SQL_LOOKING) {
      it(`stores, returns and finds only ${JSON.stringify(text)}`, async () => {
        const task = await world.call(key, {
          method: 'POST',
          url: '/v1/tasks',
          payload: { title: text, description: text },
        });
        expect(task.statusCode, task.body).to.equal(201);
        const stored = await world.call(key, {
          method: 'GET',
          url: `/v1/tasks/${task.json().data.task.id}`,
        });
        expect(stored.json().data.task).to.include({ title: text, description: text });
        const note = await world.call(key, { method: 'POST', url: '/v1/notes', payload: { name: text } });
        expect(note.json().data.note.name).to.equal(text);
        const client = await world.call(key, {
          method: 'POST',
          url: '/v1/clients',
          payload: { name: text },
        });
        expect(client.json().data.client.name).to.equal(text);

        const search = encodeURIComponent(text);
        expect(await list(`/v1/tasks?search=${search}`)).to.deep.equal([text]);
        expect(await list(`/v1/notes?search=${search}`)).to.deep.equal([text]);
      });
    }

    it('leaves every table and every other row as it was', async () => {
      expect(await list('/v1/tasks?limit=100')).to.have.members(['plain neighbour', ...SQL_LOOKING]);
      const profile = await world.call(key, { method: 'GET', url: '/v1/gamification' });
      expect(profile.json().data.profile.total_points).to.equal(0);
      expect(await list(`/v1/tasks?search=${encodeURIComponent('%')}`)).to.deep.equal(['100% done']);
      expect(await list('/v1/tasks?search=e_c')).to.deep.equal(['snake_case']);
    });
  });
}
