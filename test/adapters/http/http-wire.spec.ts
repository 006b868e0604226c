import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';

describe('HTTP: wire basics', () => {
  let world: HttpWorld;
  let key: string;

  beforeEach(async () => {
    world = await openHttpWorld();
    await world.user('alice');
    key = await world.key('alice', 'tasks:*');
  });

  afterEach(() => world.close());

  it('serves the health probe without a key', async () => {
    const response = await world.call(null, { method: 'GET', url: '/v1/health' });
    expect(response.statusCode).to.equal(200);
    expect(response.json()).to.deep.equal({
      success: true,
      data: { status: 'ok', service: 'workspace-api', version: 'v1' },
    });
  });

  it('creates a task: 201, data.task and a Location header', async () => {
    const response = await world.call(key, { method: 'POST', url: '/v1/tasks', payload: { title: 'Hello' } });
    expect(response.statusCode).to.equal(201);
    const task = response.json().data.task;
    expect(task).to.include({
      title: 'Hello',
      client_task_id: 1,
      client_task_id_formatted: '#1',
      status: 0,
      active: 1,
    });
    expect(Object.keys(task)).to.deep.equal([
      'id',
      'owner_id',
      'client_task_id',
      'client_task_id_formatted',
      'title',
      'description',
      'date',
      'priority',
      'status',
      'active',
      'project_id',
      'client_id',
      'category_id',
      'assignee_id',
      'time_planned',
      'price_planned',
      'completed_at',
      'created_at',
      'updated_at',
    ]);
    expect(task.created_at).to.match(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(response.headers.location).to.equal(`/v1/tasks/${task.id}`);
  });

  it('treats a POST without a body as {} (and so asks for the title)', async () => {
    const response = await world.call(key, { method: 'POST', url: '/v1/tasks' });
    expect(response.statusCode).to.equal(400);
    expect(response.json().error).to.include({
      code: 'TITLE_REQUIRED',
      message: 'The task title is required.',
    });
  });

  it('accepts a charset parameter on the JSON content type', async () => {
    const response = await world.call(key, {
      method: 'POST',
      url: '/v1/tasks',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ title: 'ok' }),
    });
    expect(response.statusCode).to.equal(201);
  });

  it('answers 415 to other content types', async () => {
    const response = await world.call(key, {
      method: 'POST',
      url: '/v1/tasks',
      headers: { 'content-type': 'text/plain' },
      payload: 'title=x',
    });
    expect(response.statusCode).to.equal(415);
    expect(response.json()).to.deep.include({ success: false });
    expect(response.json().error.code).to.equal('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 400 INVALID_JSON to a body that does not parse', async () => {
    const response = await world.call(key, {
      method: 'POST',
      url: '/v1/tasks',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(response.statusCode).to.equal(400);
    expect(response.json().error.code).to.equal('INVALID_JSON');
  });

  it('answers 400 VALIDATION_ERROR to JSON that is not an object', async () => {
    for (const payload of ['[1,2]', '"text"', '42', 'null']) {
      const response = await world.call(key, {
        method: 'PATCH',
        url: '/v1/tasks/1',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).to.equal(400);
      expect(response.json().error.code, payload).to.equal('VALIDATION_ERROR');
    }
  });

  it('answers 400 to JSON nested more than 64 levels deep, before anything walks it', async () => {
    let nested: unknown = 1;
    for (let level = 0; level < 65; level += 1) nested = { a: nested };
    const response = await world.call(key, {
      method: 'POST',
      url: '/v1/tasks',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'deep' },
      payload: JSON.stringify({ title: 'x', description: nested }),
    });
    expect(response.statusCode).to.equal(400);
    expect(response.json().error).to.deep.include({ code: 'VALIDATION_ERROR' });
    expect(response.json().error.message).to.contain('64 levels');
  });

  it('answers 413 to bodies over 1 MiB', async () => {
    const response = await world.call(key, {
      method: 'POST',
      url: '/v1/tasks',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ title: 'x', description: 'y'.repeat(1024 * 1024) }),
    });
    expect(response.statusCode).to.equal(413);
    expect(response.json().error.code).to.equal('PAYLOAD_TOO_LARGE');
  });

  it('answers 404 NOT_FOUND to unknown routes and 405 with Allow to known paths', async () => {
    const unknown = await world.call(key, { method: 'GET', url: '/v1/nothing' });
    expect(unknown.statusCode).to.equal(404);
    expect(unknown.json().error.code).to.equal('NOT_FOUND');
    const wrong = await world.call(key, { method: 'DELETE', url: '/v1/tasks' });
    expect(wrong.statusCode).to.equal(405);
    expect(wrong.headers.allow).to.equal('GET, POST, HEAD');
    expect(wrong.json().error.code).to.equal('METHOD_NOT_ALLOWED');
    const options = await world.call(key, { method: 'OPTIONS', url: '/v1/tasks/1' });
    expect(options.statusCode).to.equal(405);
    expect(options.headers.allow).to.equal('GET, PATCH, PUT, DELETE, HEAD');
  });

  it('answers every other method Node parses with 405 and Allow on a known path, 404 elsewhere', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'QUERY', 'MKCOL', 'SEARCH', 'PURGE'] as const) {
      const known = await world.call(key, { method, url: '/v1/tasks' });
      expect(known.statusCode, method).to.equal(405);
      expect(known.headers.allow, method).to.equal('GET, POST, HEAD');
      expect(known.json().error.code, method).to.equal('METHOD_NOT_ALLOWED');
      expect(known.headers['x-request-id'], method).to.be.a('string');
      const unknown = await world.call(key, { method, url: '/v1/nothing' });
      expect(unknown.statusCode, method).to.equal(404);
    }
  });

  it('answers a path id that is not valid percent-encoding, or too long for any id, 404 through the whole pipeline', async () => {
    for (const id of ['%E0%A4%A', '%ff%fe8', '9'.repeat(300)]) {
      const response = await world.call(key, { method: 'GET', url: `/v1/tasks/${id}` });
      expect(response.statusCode, id).to.equal(404);
      expect(response.json().error.code, id).to.equal('NOT_FOUND');
      expect(response.headers['x-request-id'], id).to.be.a('string');
    }
  });

  it('accepts a trailing slash on every route', async () => {
    expect((await world.call(key, { method: 'GET', url: '/v1/tasks/' })).statusCode).to.equal(200);
    expect((await world.call(null, { method: 'GET', url: '/v1/health/' })).statusCode).to.equal(200);
  });

  it('treats an id that is not a positive 32-bit integer as not found', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '01']) {
      const response = await world.call(key, { method: 'GET', url: `/v1/tasks/${id}` });
      expect(response.statusCode, id).to.equal(404);
    }
  });

  it('parses query parameters strictly', async () => {
    const cases: [string, string, string][] = [
      ['limit=abc', 'limit', 'INVALID_TYPE'],
      ['limit=1.5', 'limit', 'INVALID_TYPE'],
      ['limit=101', 'limit', 'OUT_OF_RANGE'],
      ['limit=0', 'limit', 'OUT_OF_RANGE'],
      ['status=7', 'status', 'OUT_OF_RANGE'],
      ['offset=-1', 'offset', 'OUT_OF_RANGE'],
      ['colour=red', 'colour', 'UNKNOWN_PARAMETER'],
      ['status=1&status=2', 'status', 'INVALID_FORMAT'],
      ['date=2026-02-30', 'date', 'INVALID_FORMAT'],
      ['sort=title', 'sort', 'OUT_OF_RANGE'],
    ];
    for (const [query, field, code] of cases) {
      const response = await world.call(key, { method: 'GET', url: `/v1/tasks?${query}` });
      expect(response.statusCode, query).to.equal(400);
      expect(response.json().error.code, query).to.equal('VALIDATION_ERROR');
      expect(response.json().error.details, query).to.deep.include({
        field,
        code,
        message: response.json().error.details[0].message,
      });
    }
  });

  it('returns pagination metadata with lists', async () => {
    for (const title of ['a', 'b', 'c'])
      await world.call(key, { method: 'POST', url: '/v1/tasks', payload: { title } });
    const response = await world.call(key, { method: 'GET', url: '/v1/tasks?limit=2' });
    const { next_cursor: nextCursor, ...pagination } = response.json().data.pagination;
    expect(pagination).to.deep.equal({ limit: 2, offset: 0, total: 3, has_more: true });
    expect(nextCursor).to.be.a('string');
    expect(response.json().data.tasks).to.have.length(2);
  });

  it('echoes a sane X-Request-Id and generates one otherwise', async () => {
    const echoed = await world.call(key, {
      method: 'GET',
      url: '/v1/tasks',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(echoed.headers['x-request-id']).to.equal('abc-123');
    const generated = await world.call(key, {
      method: 'GET',
      url: '/v1/nothing',
      headers: { 'x-request-id': 'bad id\n' },
    });
    expect(generated.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
  });

  it('deletes with the delete envelope', async () => {
    const created = await world.call(key, { method: 'POST', url: '/v1/tasks', payload: { title: 'x' } });
    const id = created.json().data.task.id;
    const response = await world.call(key, { method: 'DELETE', url: `/v1/tasks/${id}` });
    expect(response.json()).to.deep.equal({ success: true, data: { deleted: true, id } });
    expect((await world.call(key, { method: 'GET', url: `/v1/tasks/${id}` })).statusCode).to.equal(404);
  });

  it('puts gamification beside data only when the body held a status', async () => {
    const id = (
      await world.call(key, { method: 'POST', url: '/v1/tasks', payload: { title: 'x', priority: 2 } })
    ).json().data.task.id;
    const plain = await world.call(key, { method: 'PATCH', url: `/v1/tasks/${id}`, payload: { title: 'y' } });
    expect(plain.json()).to.not.have.property('gamification');
    const done = await world.call(key, { method: 'PATCH', url: `/v1/tasks/${id}`, payload: { status: 2 } });
    expect(done.json().gamification).to.deep.include({
      event: 'task_completed',
      points_awarded: 22,
      total_points: 22,
    });
    expect(Object.keys(done.json().gamification)).to.deep.equal([
      'event',
      'points_awarded',
      'total_points',
      'level',
      'level_name',
      'next_level_at',
      'streak_days',
      'best_streak_days',
      'completed_today',
      'leveled_up',
      'achievements_unlocked',
      'message',
    ]);
    const put = await world.call(key, {
      method: 'PUT',
      url: `/v1/tasks/${id}`,
      payload: { title: 'z', status: 2 },
    });
    expect(put.json().gamification).to.deep.include({ event: 'no_change', points_awarded: 0 });
  });

  it("stores a date given as RFC 3339 with a zone as wall-clock time in the owner's timezone", async () => {
    await world.user('olena', 'Europe/Kyiv');
    const kyiv = await world.key('olena', 'tasks:*,notes:*,times:*,moneys:*,cards:*');
    const date = (response: { json(): { data: Record<string, { date: string }> } }, key: string) =>
      response.json().data[key]?.date;

    const task = await world.call(kyiv, {
      method: 'POST',
      url: '/v1/tasks',
      payload: { title: 'Zoned', date: '2026-11-22T14:00:00Z' },
    });
    expect(date(task, 'task')).to.equal('2026-11-22 16:00:00');
    const id = task.json().data.task.id;
    const patched = await world.call(kyiv, {
      method: 'PATCH',
      url: `/v1/tasks/${id}`,
      payload: { date: '2026-11-22T23:30:00.500-05:00' },
    });
    expect(date(patched, 'task')).to.equal('2026-11-23 06:30:00');
    const replaced = await world.call(kyiv, {
      method: 'PUT',
      url: `/v1/tasks/${id}`,
      payload: { title: 'Zoned', date: '2026-11-22 09:00:00' },
    });
    expect(date(replaced, 'task'), 'local text stays as given').to.equal('2026-11-22 09:00:00');

    const note = await world.call(kyiv, {
      method: 'POST',
      url: '/v1/notes',
      payload: { name: 'n', date: '2026-06-01T00:00:00Z' },
    });
    expect(date(note, 'note'), 'summer time: +03:00').to.equal('2026-06-01 03:00:00');
    const time = await world.call(kyiv, {
      method: 'POST',
      url: '/public-api/v1/times',
      payload: { time_really: '1:00:00', date: '2026-11-22T22:00:00Z' },
    });
    expect(date(time, 'time'), 'the next day in Kyiv').to.equal('2026-11-23 00:00:00');
    const money = await world.call(kyiv, {
      method: 'POST',
      url: '/v1/moneys',
      payload: { type: 1, price: 5, date: '2026-11-22T10:00:00+01:00' },
    });
    expect(date(money, 'money')).to.equal('2026-11-22 11:00:00');
    const moneyId = money.json().data.money.id;
    const movedMoney = await world.call(kyiv, {
      method: 'PATCH',
      url: `/v1/moneys/${moneyId}`,
      payload: { date: '2026-11-22T10:00:00Z' },
    });
    expect(date(movedMoney, 'money')).to.equal('2026-11-22 12:00:00');

    // The owner in UTC sees the same instant on a UTC clock.
    const utc = await world.call(key, {
      method: 'POST',
      url: '/v1/tasks',
      payload: { title: 'Zoned', date: '2026-11-22T14:00:00+02:00' },
    });
    expect(date(utc, 'task')).to.equal('2026-11-22 12:00:00');
  });

  it('refuses a zoned date that does not exist, and takes instants with a zone in updated_since', async () => {
    const bad = await world.call(key, {
      method: 'POST',
      url: '/v1/tasks',
      payload: { title: 'x', date: '2026-02-30T10:00:00Z' },
    });
    expect(bad.statusCode).to.equal(400);
    expect(bad.json().error.details).to.deep.equal([
      {
        field: 'date',
        code: 'INVALID_FORMAT',
        message: 'must be a real date as YYYY-MM-DD HH:MM:SS, or RFC 3339 with a zone (2026-11-22T14:00:00Z)',
      },
    ]);
    const list = await world.call(key, {
      method: 'GET',
      url: `/v1/tasks?updated_since=${encodeURIComponent('2026-11-22T14:00:00+02:00')}`,
    });
    expect(list.statusCode).to.equal(200);
  });

  it('round-trips a GET body through PUT unchanged', async () => {
    const created = await world.call(key, {
      method: 'POST',
      url: '/v1/tasks',
      payload: {
        title: 'Trip',
        description: 'd',
        date: '2026-05-01 10:00:00',
        priority: 1,
        time_planned: '2:00:00',
        price_planned: 12.5,
      },
    });
    const task = created.json().data.task;
    const put = await world.call(key, { method: 'PUT', url: `/v1/tasks/${task.id}`, payload: task });
    expect(put.statusCode).to.equal(200);
    expect(put.json().data.task).to.deep.equal(task);
  });
});
