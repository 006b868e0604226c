import { expect } from 'chai';
import { comparable } from '../../support/export-documents.js';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { ALL_HARNESSES, postgresHarness, sqliteHarness } from '../../support/persistence-harness.js';

const EVERYTHING = 'tasks:*,clients:*,projects:*,notes:*,categories:*,cards:*,times:*,moneys:*';

/** A workspace with a record in every section, a status history and points that stand. */
const fillWorkspace = async (world: HttpWorld, key: string) => {
  const made = async (url: string, payload: object) => {
    const response = await world.call(key, { method: 'POST', url, payload });
    expect(response.statusCode, response.body).to.equal(201);
    const data = response.json().data;
    return data[Object.keys(data)[0] ?? ''];
  };
  const client = await made('/v1/clients', { name: 'Acme', email: 'ops@acme.test' });
  const project = await made('/v1/projects', { name: 'Launch', client_id: client.id });
  const category = await made('/v1/categories', { name: 'Deep work' });
  const card = await made('/v1/cards', { name: 'Main' });
  const savings = await made('/v1/cards', { name: 'Savings', active: 0 });
  const shipped = await made('/v1/tasks', {
    title: 'Ship',
    project_id: project.id,
    category_id: category.id,
    date: '2026-11-20',
    time_planned: '2:00:00',
    price_planned: 99.99,
  });
  await made('/v1/tasks', { title: 'Second for Acme', client_id: client.id, priority: 1 });
  await world.call(key, { method: 'PATCH', url: `/v1/tasks/${shipped.id}`, payload: { status: 1 } });
  await world.call(key, { method: 'PATCH', url: `/v1/tasks/${shipped.id}`, payload: { status: 2 } });
  await made('/v1/notes', { name: 'Outline', description: 'Line one\nline "two"', task_id: shipped.id });
  await made('/v1/times', { time_really: '1:30:00', task_id: shipped.id, date: '2026-11-20 09:00:00' });
  await made('/v1/moneys', { type: 3, price: 12.5, card: card.id, to_card: savings.id });
  return { shipped };
};

const exported = async (world: HttpWorld, key: string) => {
  const response = await world.call(key, { method: 'GET', url: '/v1/export' });
  expect(response.statusCode, response.body).to.equal(200);
  return response.body;
};

const importing = (world: HttpWorld, key: string, document: string) =>
  world.call(key, {
    method: 'POST',
    url: '/v1/import',
    payload: document,
    headers: { 'content-type': 'application/json' },
  });

/** CONTRACT §12, `POST /v1/import`. */
for (const harness of ALL_HARNESSES) {
  describe(`HTTP: import (CONTRACT §12, ${harness.name})`, function () {
    this.timeout(60_000);
    let world: HttpWorld;
    let alice: string;
    let carol: string;

    beforeEach(async () => {
      world = await openHttpWorld(undefined, await harness.open());
      await world.user('alice', 'Europe/Berlin');
      await world.user('carol');
      alice = await world.key('alice', EVERYTHING);
      carol = await world.key('carol', EVERYTHING);
    });

    afterEach(() => world.close());

    it('stores a document so that exporting it again gives it back, but for ids, exported_at and the name', async () => {
      await fillWorkspace(world, alice);
      const document = await exported(world, alice);
      const response = await importing(world, carol, document);
      expect(response.statusCode, response.body).to.equal(201);
      expect(response.json().data).to.deep.equal({
        imported: {
          clients: 1,
          projects: 1,
          categories: 1,
          cards: 2,
          tasks: 2,
          task_history: 4,
          notes: 1,
          times: 1,
          moneys: 1,
        },
        warnings: [],
      });
      const again = JSON.parse(await exported(world, carol));
      expect(again.user).to.deep.equal({ name: 'carol', timezone: 'Europe/Berlin' });
      expect(comparable(again)).to.deep.equal(comparable(JSON.parse(document)));
      const profile = (await world.call(carol, { method: 'GET', url: '/v1/gamification' })).json().data
        .profile;
      expect(profile.total_points).to.equal(JSON.parse(document).gamification.total_points).and.above(0);
    });

    it('numbers the next task after the imported ones, and sync sees every record as created', async () => {
      await fillWorkspace(world, alice);
      expect((await importing(world, carol, await exported(world, alice))).statusCode).to.equal(201);
      const [acme] = (await world.call(carol, { method: 'GET', url: '/v1/clients' })).json().data.clients;
      const tasks = (await world.call(carol, { method: 'GET', url: '/v1/tasks' })).json().data.tasks;
      const numbers = tasks
        .filter((task: { client_id: number }) => task.client_id === acme.id)
        .map((task: { client_task_id: number }) => task.client_task_id);
      expect(numbers).to.not.be.empty;
      const next = await world.call(carol, {
        method: 'POST',
        url: '/v1/tasks',
        payload: { title: 'Next', client_id: acme.id },
      });
      expect(next.json().data.task.client_task_id).to.equal(Math.max(...numbers) + 1);
      const sync = (
        await world.call(carol, { method: 'GET', url: '/v1/sync?resources=clients,tasks' })
      ).json();
      const created = sync.data.changes.filter((c: { operation: string }) => c.operation === 'created');
      expect(created.map((c: { resource: string }) => c.resource).sort()).to.deep.equal([
        'clients',
        'tasks',
        'tasks',
        'tasks',
      ]);
    });

    it('answers 409 WORKSPACE_NOT_EMPTY to an owner who has a record, and stores nothing', async () => {
      await fillWorkspace(world, alice);
      const document = await exported(world, alice);
      await world.call(carol, { method: 'POST', url: '/v1/categories', payload: { name: 'Mine' } });
      const response = await importing(world, carol, document);
      expect(response.statusCode).to.equal(409);
      expect(response.json().error.code).to.equal('WORKSPACE_NOT_EMPTY');
      const tasks = (await world.call(carol, { method: 'GET', url: '/v1/tasks' })).json().data.tasks;
      expect(tasks).to.deep.equal([]);
    });

    it('names every problem of a document by its place, and stores nothing of it', async () => {
      await fillWorkspace(world, alice);
      const document = JSON.parse(await exported(world, alice));
      document.tasks[1].title = '';
      document.times[0].task_id = 999_999;
      document.clients.push({ ...document.clients[0] });
      document.extra = true;
      const response = await importing(world, carol, JSON.stringify(document));
      expect(response.statusCode, response.body).to.equal(400);
      expect(response.json().error.code).to.equal('VALIDATION_ERROR');
      const fields = response
        .json()
        .error.details.map((d: { field: string; code: string }) => `${d.field} ${d.code}`);
      expect(fields).to.have.members([
        'clients[1].id DUPLICATE',
        'tasks[1].title REQUIRED',
        'times[0].task_id NOT_FOUND',
        'extra UNKNOWN_FIELD',
      ]);
      const clients = (await world.call(carol, { method: 'GET', url: '/v1/clients' })).json().data.clients;
      expect(clients).to.deep.equal([]);
    });

    it('refuses what is not an export document: no JSON, another format or version, not an object', async () => {
      const invalidJson = await importing(world, carol, '{"format": "workspace-api/export", "tasks": [');
      expect([invalidJson.statusCode, invalidJson.json().error.code]).to.deep.equal([400, 'INVALID_JSON']);
      const other = await importing(world, carol, JSON.stringify({ format: 'todo-app', version: 2 }));
      expect(other.json().error.details.map((d: { field: string }) => d.field)).to.deep.equal([
        'format',
        'version',
      ]);
      const array = await importing(world, carol, '[]');
      expect(array.json().error.details[0]).to.include({ field: '', code: 'INVALID_TYPE' });
      const empty = await importing(world, carol, '{}');
      expect(empty.json().error.details.map((d: { code: string }) => d.code)).to.deep.equal([
        'REQUIRED',
        'REQUIRED',
      ]);
    });

    it('drops an assignee (a user of the instance the task came from) and counts it in warnings', async () => {
      const bob = (await world.user('bob')).userId;
      const task = await world.call(alice, {
        method: 'POST',
        url: '/v1/tasks',
        payload: { title: 'For bob', assignee_id: bob },
      });
      expect(task.statusCode, task.body).to.equal(201);
      const response = await importing(world, carol, await exported(world, alice));
      expect(response.json().data.warnings).to.deep.equal([
        {
          code: 'ASSIGNEE_DROPPED',
          count: 1,
          message:
            '1 tasks named an assignee, a user of the instance they came from: they are imported without one.',
        },
      ]);
      const [imported] = (await world.call(carol, { method: 'GET', url: '/v1/tasks' })).json().data.tasks;
      expect(imported.assignee_id).to.equal(null);
    });

    it('needs every resource’s write scope: 403 names what is missing', async () => {
      const readOnly = await world.key('carol', EVERYTHING.replace('moneys:*', 'moneys:read'));
      const response = await importing(world, readOnly, '{}');
      expect(response.statusCode).to.equal(403);
      expect(response.json().error.message).to.contain('moneys:write');
    });
  });
}

describe('HTTP: import moves a workspace from SQLite to PostgreSQL (CONTRACT §12)', function () {
  this.timeout(60_000);

  it('gives the same document back from PostgreSQL as SQLite exported, but for ids, exported_at and the name', async () => {
    const from = await openHttpWorld(undefined, await sqliteHarness.open());
    const to = await openHttpWorld(undefined, await postgresHarness.open());
    try {
      await from.user('alice', 'America/New_York');
      const source = await from.key('alice', EVERYTHING);
      await fillWorkspace(from, source);
      const document = await exported(from, source);
      await to.user('alice-moved');
      const target = await to.key('alice-moved', EVERYTHING);
      expect((await importing(to, target, document)).statusCode).to.equal(201);
      expect(comparable(JSON.parse(await exported(to, target)))).to.deep.equal(
        comparable(JSON.parse(document)),
      );
    } finally {
      await from.close();
      await to.close();
    }
  });
});
