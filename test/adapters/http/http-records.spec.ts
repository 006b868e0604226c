import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';

describe('HTTP: clients, projects, notes, categories, cards, times, moneys and the prepared contracts', () => {
  let world: HttpWorld;
  let key: string;

  const everything = 'tasks:*,clients:*,projects:*,notes:*,categories:*,cards:*,times:*,moneys:*';

  beforeEach(async () => {
    world = await openHttpWorld();
    await world.user('alice');
    key = await world.key('alice', everything);
  });

  afterEach(() => world.close());

  const post = (url: string, payload: object, as = key) => world.call(as, { method: 'POST', url, payload });
  const created = async (url: string, payload: object, singular: string): Promise<number> => {
    const response = await post(url, payload);
    expect(response.statusCode, response.body).to.equal(201);
    return response.json().data[singular].id;
  };

  describe('clients', () => {
    it('creates, reads, patches and deletes a client in the contract envelopes', async () => {
      const response = await post('/v1/clients', {
        name: 'Acme',
        email: 'hi@acme.example',
        phone: '+44 20 7946 0000',
      });
      expect(response.statusCode).to.equal(201);
      expect(response.headers.location).to.match(/^\/v1\/clients\/\d+$/);
      const client = response.json().data.client;
      expect(Object.keys(client)).to.deep.equal([
        'id',
        'name',
        'email',
        'phone',
        'description',
        'active',
        'created_at',
        'updated_at',
      ]);
      expect(client).to.include({ name: 'Acme', active: 1, description: null });
      const patched = await world.call(key, {
        method: 'PATCH',
        url: `/v1/clients/${client.id}`,
        payload: { description: 'big' },
      });
      expect(patched.json().data.client).to.include({ description: 'big', email: 'hi@acme.example' });
      const got = await world.call(key, { method: 'GET', url: `/v1/clients/${client.id}/` });
      expect(got.json().data.client).to.deep.equal(patched.json().data.client);
      const deleted = await world.call(key, { method: 'DELETE', url: `/v1/clients/${client.id}` });
      expect(deleted.json()).to.deep.equal({ success: true, data: { deleted: true, id: client.id } });
    });

    it('requires a name (NAME_REQUIRED) and checks email and phone shapes', async () => {
      expect((await post('/v1/clients', { email: 'x' })).json().error.code).to.equal('NAME_REQUIRED');
      expect((await post('/v1/clients', { name: '  ' })).json().error.code).to.equal('NAME_REQUIRED');
      const bad = await post('/v1/clients', { name: 'n', email: 'not-an-address', phone: 'call me' });
      expect(bad.statusCode).to.equal(400);
      expect(
        bad.json().error.details.map((d: { field: string; code: string }) => [d.field, d.code]),
      ).to.deep.equal([
        ['email', 'INVALID_FORMAT'],
        ['phone', 'INVALID_FORMAT'],
      ]);
    });

    it('answers 409 CLIENT_IN_USE while a task references the client', async () => {
      const id = await created('/v1/clients', { name: 'c' }, 'client');
      await created('/v1/tasks', { title: 't', client_id: id }, 'task');
      const response = await world.call(key, { method: 'DELETE', url: `/v1/clients/${id}` });
      expect(response.statusCode).to.equal(409);
      expect(response.json().error.code).to.equal('CLIENT_IN_USE');
    });

    it('lists with pagination and rejects type and record_type that disagree', async () => {
      await created('/v1/clients', { name: 'a' }, 'client');
      const list = await world.call(key, { method: 'GET', url: '/v1/clients?type=task' });
      expect(list.json().data.pagination).to.deep.equal({
        limit: 50,
        offset: 0,
        total: 1,
        has_more: false,
        next_cursor: null,
      });
      expect(list.json().data.clients).to.have.length(1);
      const clash = await world.call(key, { method: 'GET', url: '/v1/clients?type=task&record_type=money' });
      expect(clash.statusCode).to.equal(400);
      expect((await world.call(key, { method: 'GET', url: '/v1/clients?type=invoice' })).statusCode).to.equal(
        400,
      );
    });

    it('needs clients:read to list and clients:write to create', async () => {
      const reader = await world.key('alice', 'clients:read');
      expect((await world.call(reader, { method: 'GET', url: '/v1/clients' })).statusCode).to.equal(200);
      const denied = await post('/v1/clients', { name: 'x' }, reader);
      expect(denied.statusCode).to.equal(403);
      expect(denied.json().error.message).to.contain('clients:write');
    });
  });

  describe('projects, categories and cards', () => {
    it('creates a project for one of my clients and rejects anyone else’s', async () => {
      const client = await created('/v1/clients', { name: 'c' }, 'client');
      const project = await post('/v1/projects', { name: 'p', client_id: client });
      expect(project.json().data.project).to.include({ name: 'p', client_id: client, active: 1 });
      const bad = await post('/v1/projects', { name: 'p', client_id: 424242 });
      expect(bad.statusCode).to.equal(400);
      expect(bad.json().error.code).to.equal('INVALID_REFERENCE');
    });

    it('answers 409 for a project, category or card still in use', async () => {
      const project = await created('/v1/projects', { name: 'p' }, 'project');
      const category = await created('/v1/categories', { name: 'cat' }, 'category');
      const card = await created('/v1/cards', { name: 'wallet' }, 'card');
      await created('/v1/tasks', { title: 't', project_id: project, category_id: category }, 'task');
      await created('/public-api/v1/moneys/', { type: 2, price: 3, card }, 'money');
      for (const [url, code] of [
        [`/v1/projects/${project}`, 'PROJECT_IN_USE'],
        [`/v1/categories/${category}`, 'CATEGORY_IN_USE'],
        [`/v1/cards/${card}`, 'CARD_IN_USE'],
      ]) {
        const response = await world.call(key, { method: 'DELETE', url });
        expect(response.statusCode, url).to.equal(409);
        expect(response.json().error.code).to.equal(code);
      }
    });

    it('lets tasks use categories, and filters tasks by them', async () => {
      const category = await created('/v1/categories', { name: 'deep work' }, 'category');
      const task = await created('/v1/tasks', { title: 't', category_id: category }, 'task');
      const list = await world.call(key, { method: 'GET', url: `/v1/tasks?category_id=${category}` });
      expect(list.json().data.tasks.map((t: { id: number }) => t.id)).to.deep.equal([task]);
    });
  });

  describe('notes', () => {
    it('creates with a name, searches literally, and bounds the page size', async () => {
      await created('/v1/notes', { name: 'Budget 100%', description: 'numbers' }, 'note');
      await created('/v1/notes', { name: 'Budget 1000' }, 'note');
      const found = await world.call(key, {
        method: 'GET',
        url: `/v1/notes?search=${encodeURIComponent('0%')}`,
      });
      expect(found.json().data.notes.map((n: { name: string }) => n.name)).to.deep.equal(['Budget 100%']);
      expect((await world.call(key, { method: 'GET', url: '/v1/notes?limit=101' })).statusCode).to.equal(400);
      expect((await post('/v1/notes', { description: 'no name' })).json().error.code).to.equal(
        'NAME_REQUIRED',
      );
    });

    it('returns the note fields of the contract', async () => {
      const response = await post('/v1/notes', { name: 'n', date: '2026-03-01T10:00:00' });
      expect(Object.keys(response.json().data.note)).to.deep.equal([
        'id',
        'name',
        'description',
        'active',
        'date',
        'client_id',
        'project_id',
        'task_id',
        'category_id',
        'created_at',
        'updated_at',
      ]);
      expect(response.json().data.note.date).to.equal('2026-03-01 10:00:00');
    });
  });

  describe('time and money records', () => {
    const call = (method: 'GET' | 'PATCH' | 'DELETE' | 'PUT', url: string, payload?: object, as = key) =>
      world.call(as, payload === undefined ? { method, url } : { method, url, payload });
    const idsOf = (response: { json(): { data: Record<string, { id: number }[]> } }, plural: string) =>
      response.json().data[plural]?.map((r) => r.id);

    it('creates, reads, patches and deletes a time record at /v1/times in the contract envelopes', async () => {
      const response = await post('/v1/times', { time_really: '2:15:00', date: '2026-03-01T09:30:00' });
      expect(response.statusCode).to.equal(201);
      expect(response.headers.location).to.match(/^\/v1\/times\/\d+$/);
      const time = response.json().data.time;
      expect(Object.keys(time)).to.deep.equal([
        'id',
        'time_really',
        'description',
        'date',
        'client_id',
        'project_id',
        'task_id',
        'category_id',
        'created_at',
        'updated_at',
      ]);
      const patched = await call('PATCH', `/v1/times/${time.id}`, { ...time, time_really: '10:00:00' });
      expect(patched.statusCode, patched.body).to.equal(200);
      expect(patched.json().data.time).to.include({ time_really: '10:00:00', date: '2026-03-01 09:30:00' });
      const got = await call('GET', `/v1/times/${time.id}/`);
      expect(got.json().data.time).to.deep.equal(patched.json().data.time);
      const deleted = await call('DELETE', `/v1/times/${time.id}`);
      expect(deleted.json()).to.deep.equal({ success: true, data: { deleted: true, id: time.id } });
      expect((await call('GET', `/v1/times/${time.id}`)).statusCode).to.equal(404);
      expect((await call('PUT', `/v1/times/${time.id}`, {})).headers.allow).to.equal(
        'GET, PATCH, DELETE, HEAD',
      );
    });

    it('lists time records newest first, undated last, filtered by links and inclusive days', async () => {
      const task = await created('/v1/tasks', { title: 't' }, 'task');
      const undated = await created('/v1/times', { time_really: '0:10:00' }, 'time');
      const first = await created('/v1/times', { time_really: '0:10:00', date: '2026-03-01' }, 'time');
      const second = await created(
        '/v1/times',
        { time_really: '0:10:00', date: '2026-03-02 23:59:59', task_id: task },
        'time',
      );
      const list = await call('GET', '/v1/times');
      expect(idsOf(list, 'times')).to.deep.equal([second, first, undated]);
      expect(list.json().data.pagination).to.deep.equal({
        limit: 50,
        offset: 0,
        total: 3,
        has_more: false,
        next_cursor: null,
      });
      expect(idsOf(await call('GET', `/v1/times?task_id=${task}`), 'times')).to.deep.equal([second]);
      expect(
        idsOf(await call('GET', '/v1/times?date_from=2026-03-02&date_to=2026-03-02'), 'times'),
      ).to.deep.equal([second]);
      for (const query of [
        'date_from=2026-02-30',
        'client_id=x',
        'type=1',
        'limit=0',
        'task_id=1&task_id=2',
      ]) {
        expect((await call('GET', `/v1/times?${query}`)).statusCode, query).to.equal(400);
      }
    });

    it("counts a record linked to a task for the task's project and client, and refuses another (CONTRACT §12)", async () => {
      const client = await created('/v1/clients', { name: 'Northwind' }, 'client');
      const project = await created('/v1/projects', { name: 'Relaunch', client_id: client }, 'project');
      const other = await created('/v1/projects', { name: 'Other' }, 'project');
      const task = await created('/v1/tasks', { title: 'Write', project_id: project }, 'task');
      const time = await post('/v1/times', { time_really: '1:00:00', task_id: task });
      expect(time.statusCode).to.equal(201);
      expect(time.json().data.time).to.deep.include({
        task_id: task,
        project_id: project,
        client_id: client,
      });
      const money = await post('/v1/moneys', { type: 2, price: 9.5, task_id: task });
      expect(money.json().data.money).to.deep.include({ project_id: project, client_id: client });
      const clash = await post('/v1/times', { time_really: '0:30:00', task_id: task, project_id: other });
      expect(clash.statusCode).to.equal(400);
      expect(clash.json().error).to.deep.include({ code: 'INVALID_REFERENCE' });
      expect(clash.json().error.details).to.deep.include({
        field: 'project_id',
        code: 'MISMATCH',
        message: "project_id differs from the task's",
      });
      const listed = await world.call(key, { method: 'GET', url: `/v1/times?client_id=${client}` });
      expect(listed.json().data.times.map((record: { id: number }) => record.id)).to.deep.equal([
        time.json().data.time.id,
      ]);
    });

    it('creates, filters, patches and deletes money records at /v1/moneys with the transfer rules', async () => {
      const wallet = await created('/v1/cards', { name: 'wallet' }, 'card');
      const bank = await created('/v1/cards', { name: 'bank' }, 'card');
      const expense = await created(
        '/v1/moneys',
        { type: 2, price: 4.5, card: wallet, date: '2026-03-02' },
        'money',
      );
      const transfer = await created(
        '/v1/moneys',
        { type: 3, price: 100, card: bank, to_card: wallet, date: '2026-03-01' },
        'money',
      );
      expect(idsOf(await call('GET', `/v1/moneys?card=${wallet}`), 'moneys')).to.deep.equal([
        expense,
        transfer,
      ]);
      expect(idsOf(await call('GET', `/v1/moneys?card=${bank}&type=3`), 'moneys')).to.deep.equal([transfer]);
      const broken = await call('PATCH', `/v1/moneys/${expense}`, { type: 3 });
      expect(broken.statusCode).to.equal(400);
      expect(broken.json().error.details.map((d: { field: string }) => d.field)).to.include('to_card');
      expect((await call('GET', `/v1/moneys/${expense}`)).json().data.money).to.include({
        type: 2,
        price: 4.5,
      });
      const inUse = await call('DELETE', `/v1/cards/${wallet}`);
      expect(inUse.json().error.code).to.equal('CARD_IN_USE');
      expect((await call('DELETE', `/v1/moneys/${expense}`)).statusCode).to.equal(200);
      expect((await call('DELETE', `/v1/moneys/${transfer}`)).statusCode).to.equal(200);
      expect((await call('DELETE', `/v1/cards/${wallet}`)).statusCode).to.equal(200);
    });

    it('needs times:read / moneys:read to read and :write to change, and hides other owners’ records', async () => {
      const time = await created('/v1/times', { time_really: '1:00:00' }, 'time');
      const money = await created('/v1/moneys', { type: 1, price: 1 }, 'money');
      const reader = await world.key('alice', 'times:read,moneys:read');
      expect((await call('GET', '/v1/times', undefined, reader)).statusCode).to.equal(200);
      expect((await call('GET', `/v1/moneys/${money}`, undefined, reader)).statusCode).to.equal(200);
      const denied = await call('PATCH', `/v1/times/${time}`, { description: 'x' }, reader);
      expect(denied.statusCode).to.equal(403);
      expect(denied.headers['x-accepted-scopes']).to.contain('times:write');
      const deniedDelete = await call('DELETE', `/v1/moneys/${money}`, undefined, reader);
      expect(deniedDelete.headers['x-accepted-scopes']).to.contain('moneys:write');
      await world.user('bob');
      const bob = await world.key('bob', everything);
      for (const url of [`/v1/times/${time}`, `/v1/moneys/${money}`]) {
        expect((await call('GET', url, undefined, bob)).statusCode, url).to.equal(404);
        expect((await call('PATCH', url, { description: 'mine' }, bob)).statusCode, url).to.equal(404);
        expect((await call('DELETE', url, undefined, bob)).statusCode, url).to.equal(404);
      }
      expect((await call('GET', '/v1/times', undefined, bob)).json().data.times).to.deep.equal([]);
      expect((await call('GET', `/v1/times/${time}`)).statusCode).to.equal(200);
    });
  });

  describe('prepared contracts', () => {
    it('creates a time record (times:write), with or without the trailing slash', async () => {
      const response = await post('/public-api/v1/times/', {
        time_really: '1:30:00',
        description: 'pairing',
      });
      expect(response.statusCode).to.equal(201);
      expect(response.json().data.time).to.include({
        time_really: '01:30:00',
        description: 'pairing',
        task_id: null,
      });
      expect((await post('/public-api/v1/times', { time_really: '0:05:00' })).statusCode).to.equal(201);
      const missing = await post('/public-api/v1/times/', {});
      expect(missing.json().error).to.deep.include({ code: 'VALIDATION_ERROR' });
      expect(missing.json().error.details).to.deep.include({
        field: 'time_really',
        code: 'REQUIRED',
        message: 'is required',
      });
      const noScope = await world.key('alice', 'tasks:*');
      expect((await post('/public-api/v1/times/', { time_really: '1:00:00' }, noScope)).statusCode).to.equal(
        403,
      );
    });

    it('creates money records: price > 0, transfers need two different cards, others no to_card', async () => {
      const a = await created('/v1/cards', { name: 'a' }, 'card');
      const b = await created('/v1/cards', { name: 'b' }, 'card');
      const ok = await post('/public-api/v1/moneys/', { type: 3, price: 12.34, card: a, to_card: b });
      expect(ok.json().data.money).to.include({ type: 3, price: 12.34, card: a, to_card: b });
      const cases: [object, string][] = [
        [{ type: 1, price: 0 }, 'price'],
        [{ type: 1, price: 1.234 }, 'price'],
        [{ type: 4, price: 1 }, 'type'],
        [{ type: 3, price: 1, card: a }, 'to_card'],
        [{ type: 3, price: 1, card: a, to_card: a }, 'to_card'],
        [{ type: 2, price: 1, card: a, to_card: b }, 'to_card'],
        [{ price: 1 }, 'type'],
      ];
      for (const [payload, field] of cases) {
        const response = await post('/public-api/v1/moneys/', payload);
        expect(response.statusCode, JSON.stringify(payload)).to.equal(400);
        expect(
          response.json().error.details.map((d: { field: string }) => d.field),
          JSON.stringify(payload),
        ).to.include(field);
      }
      const foreign = await post('/public-api/v1/moneys/', { type: 1, price: 1, card: 99999 });
      expect(foreign.json().error.code).to.equal('INVALID_REFERENCE');
    });

    it('creates a note from its text (DESCRIPTION_REQUIRED without one)', async () => {
      const response = await post('/public-api/v1/notes/', { description: 'Call the bank\nabout the card' });
      expect(response.statusCode).to.equal(201);
      expect(response.json().data.note).to.include({ name: 'Call the bank', active: 1 });
      expect((await post('/public-api/v1/notes/', { name: 'x' })).json().error.code).to.equal(
        'DESCRIPTION_REQUIRED',
      );
      expect((await post('/public-api/v1/notes/', { description: '   ' })).json().error.code).to.equal(
        'DESCRIPTION_REQUIRED',
      );
    });

    it('only accepts POST there', async () => {
      const response = await world.call(key, { method: 'GET', url: '/public-api/v1/times/' });
      expect(response.statusCode).to.equal(405);
      expect(response.headers.allow).to.equal('POST');
    });
  });
});
