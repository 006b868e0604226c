import { expect } from 'chai';
import { logMinuteDaily } from '../../support/builders.js';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';

/** CONTRACT §12, reports over HTTP: the times report's groups, totals, CSV, ETag and refusals. */
describe('HTTP: reports (CONTRACT §12)', () => {
  let world: HttpWorld;
  let key: string;

  beforeEach(async () => {
    world = await openHttpWorld();
    await world.user('alice');
    key = await world.key('alice', 'clients:*,tasks:*,times:*,moneys:*,cards:*');
  });

  afterEach(() => world.close());

  const get = (url: string, headers: Record<string, string> = {}, as = key) =>
    world.call(as, { method: 'GET', url, headers });
  const post = async (url: string, payload: object): Promise<number> => {
    const response = await world.call(key, { method: 'POST', url, payload });
    expect(response.statusCode, response.body).to.equal(201);
    const data = response.json().data;
    return data[Object.keys(data)[0] ?? ''].id;
  };

  /** Two clients' hours over two months, and an undated record of no client. */
  const logTimes = async () => {
    const acme = await post('/v1/clients', { name: 'Acme' });
    const zeta = await post('/v1/clients', { name: 'Zeta' });
    await post('/v1/times', { time_really: '1:00:00', client_id: acme, date: '2026-10-30T09:00:00' });
    await post('/v1/times', { time_really: '0:30:00', client_id: acme, date: '2026-11-02T09:00:00' });
    await post('/v1/times', { time_really: '2:00:00', client_id: acme, date: '2026-11-20T09:00:00' });
    await post('/v1/times', { time_really: '0:15:00', client_id: zeta, date: '2026-11-03T09:00:00' });
    await post('/v1/times', { time_really: '0:05:00' });
    return { acme, zeta };
  };

  it('adds time up by client and month, ordered by key with nulls last, totals the sum of the groups', async () => {
    const { acme, zeta } = await logTimes();
    const response = await get('/v1/reports/times?group_by=client,month');
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.json().data).to.deep.equal({
      group_by: ['client', 'month'],
      groups: [
        { key: { client_id: acme, month: '2026-10' }, records: 1, seconds: 3600, time_really: '01:00:00' },
        { key: { client_id: acme, month: '2026-11' }, records: 2, seconds: 9000, time_really: '02:30:00' },
        { key: { client_id: zeta, month: '2026-11' }, records: 1, seconds: 900, time_really: '00:15:00' },
        { key: { client_id: null, month: null }, records: 1, seconds: 300, time_really: '00:05:00' },
      ],
      totals: { records: 5, seconds: 13_800, time_really: '03:50:00' },
    });
  });

  it('groups by ISO week, whose first days of January may belong to the year before', async () => {
    await post('/v1/times', { time_really: '1:00:00', date: '2021-01-03T10:00:00' });
    await post('/v1/times', { time_really: '1:00:00', date: '2024-12-30T10:00:00' });
    const response = await get('/v1/reports/times?group_by=week');
    expect(response.json().data.groups.map((g: { key: object }) => g.key)).to.deep.equal([
      { week: '2020-W53' },
      { week: '2025-W01' },
    ]);
  });

  it('covers exactly what the list shows with the same filters; without group_by, one group', async () => {
    const { acme } = await logTimes();
    const filters = `client_id=${acme}&date_from=2026-11-01&date_to=2026-11-30`;
    const listed = (await get(`/v1/times?${filters}`)).json().data.times.length;
    const report = (await get(`/v1/reports/times?${filters}`)).json().data;
    expect(report.groups).to.deep.equal([
      { key: {}, records: listed, seconds: 9000, time_really: '02:30:00' },
    ]);
  });

  it('counts time logged against a task for the task’s client', async () => {
    const client = await post('/v1/clients', { name: 'Acme' });
    const task = await post('/v1/tasks', { title: 'Write', client_id: client });
    await post('/v1/times', { time_really: '1:00:00', task_id: task });
    const groups = (await get('/v1/reports/times?group_by=client,task')).json().data.groups;
    expect(groups).to.deep.equal([
      { key: { client_id: client, task_id: task }, records: 1, seconds: 3600, time_really: '01:00:00' },
    ]);
  });

  it('writes CSV with a header row, CRLF line ends and RFC 4180 fields', async () => {
    const { acme } = await logTimes();
    const response = await get(`/v1/reports/times?group_by=client&format=csv&client_id=${acme}`);
    expect(response.statusCode).to.equal(200);
    expect(response.headers['content-type']).to.equal('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).to.match(/^attachment/);
    expect(response.body).to.equal(`client_id,records,seconds,time_really\r\n${acme},3,12600,03:30:00\r\n`);
  });

  it('answers 304 to its own ETag until a time record changes, with tags apart for JSON and CSV', async () => {
    await logTimes();
    const first = await get('/v1/reports/times?group_by=month');
    const etag = String(first.headers.etag);
    expect((await get('/v1/reports/times?group_by=month', { 'if-none-match': etag })).statusCode).to.equal(
      304,
    );
    const csv = await get('/v1/reports/times?group_by=month&format=csv', { 'if-none-match': etag });
    expect(csv.statusCode).to.equal(200);
    expect(csv.headers.etag).to.not.equal(etag);
    await post('/v1/times', { time_really: '0:01:00' });
    expect((await get('/v1/reports/times?group_by=month', { 'if-none-match': etag })).statusCode).to.equal(
      200,
    );
  });

  it('refuses a bad group_by, paging parameters and an unknown format in the error envelope', async () => {
    for (const groupBy of ['client,client', 'day,month', 'client,project,category,task', 'card', ''])
      expect((await get(`/v1/reports/times?group_by=${groupBy}`)).json().error, groupBy).to.deep.include({
        code: 'VALIDATION_ERROR',
      });
    const bad = (await get('/v1/reports/times?group_by=card')).json().error;
    expect(bad.details[0].field).to.equal('group_by');
    for (const parameter of ['limit=10', 'offset=1', 'cursor=x', 'sort=id']) {
      const response = await get(`/v1/reports/times?${parameter}`);
      expect(response.statusCode).to.equal(400);
      expect(response.json().error.details[0].code).to.equal('UNKNOWN_PARAMETER');
    }
    expect((await get('/v1/reports/times?format=xml')).json().error.details[0].field).to.equal('format');
  });

  it('needs times:read', async () => {
    const tasksOnly = await world.key('alice', 'tasks:read');
    const response = await get('/v1/reports/times', {}, tasksOnly);
    expect(response.statusCode).to.equal(403);
    expect(response.json().error.code).to.equal('INSUFFICIENT_SCOPE');
    const reader = await world.key('alice', 'times:read');
    expect((await get('/v1/reports/times', {}, reader)).statusCode).to.equal(200);
  });

  it('adds up money by type in decimal, net being income less expense', async () => {
    const card = await post('/v1/cards', { name: 'Bank' });
    await post('/v1/moneys', { type: 1, price: 0.1, card, date: '2026-11-01T09:00:00' });
    await post('/v1/moneys', { type: 1, price: 0.2, card, date: '2026-11-02T09:00:00' });
    await post('/v1/moneys', { type: 2, price: 0.05, card, date: '2026-11-03T09:00:00' });
    const response = await get('/v1/reports/moneys?group_by=month');
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.json().data.totals).to.deep.equal({
      records: 3,
      income: 0.3,
      expense: 0.05,
      transfers: 0,
      net: 0.25,
    });
    const csv = await get('/v1/reports/moneys?group_by=type&format=csv');
    expect(csv.body).to.equal(
      'type,records,income,expense,transfers,net\r\n1,2,0.3,0,0,0.3\r\n2,1,0,0.05,0,-0.05\r\n',
    );
  });

  it('adds up tasks by status with by_status, time and price planned', async () => {
    await post('/v1/tasks', { title: 'A', time_planned: '1:00:00', price_planned: 20 });
    const done = await post('/v1/tasks', { title: 'B', time_planned: '0:30:00' });
    await world.call(key, { method: 'PATCH', url: `/v1/tasks/${done}`, payload: { status: 2 } });
    const response = await get('/v1/reports/tasks?group_by=status');
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.json().data.groups).to.deep.equal([
      {
        key: { status: 0 },
        tasks: 1,
        by_status: { new: 1, in_progress: 0, done: 0, cancelled: 0 },
        seconds_planned: 3600,
        time_planned: '01:00:00',
        price_planned: 20,
      },
      {
        key: { status: 2 },
        tasks: 1,
        by_status: { new: 0, in_progress: 0, done: 1, cancelled: 0 },
        seconds_planned: 1800,
        time_planned: '00:30:00',
        price_planned: 0,
      },
    ]);
    const csv = await get('/v1/reports/tasks?format=csv');
    expect(csv.body).to.equal(
      'tasks,new,in_progress,done,cancelled,seconds_planned,time_planned,price_planned\r\n2,1,0,1,0,5400,01:30:00,20\r\n',
    );
    expect((await get('/v1/reports/tasks?group_by=task')).statusCode).to.equal(400);
  });

  it('answers 400 REPORT_TOO_LARGE past 10,000 groups, and the report of fewer groups as usual', async () => {
    const { id } = (await get('/v1/me')).json().data.user;
    await logMinuteDaily(world.harness, id, 10_001);
    const refused = await get('/v1/reports/times?group_by=day');
    expect(refused.statusCode).to.equal(400);
    expect(refused.json().error.code).to.equal('REPORT_TOO_LARGE');
    expect((await get('/v1/reports/times?group_by=year')).json().data.groups).to.have.length(28);
  });

  it('adds up the tasks the list shows: owned and assigned, never another owner’s', async () => {
    await world.user('bob');
    const bob = await world.key('bob', 'tasks:*');
    const { id: aliceId } = (await get('/v1/me')).json().data.user;
    const assign = await world.call(bob, {
      method: 'POST',
      url: '/v1/tasks',
      payload: { title: 'For Alice', assignee_id: aliceId },
    });
    expect(assign.statusCode, assign.body).to.equal(201);
    await world.call(bob, { method: 'POST', url: '/v1/tasks', payload: { title: 'Bob’s own' } });
    await post('/v1/tasks', { title: 'Alice’s own' });
    const listed = (await get('/v1/tasks')).json().data.tasks.length;
    const totals = (await get('/v1/reports/tasks')).json().data.totals;
    expect([listed, totals.tasks]).to.deep.equal([2, 2]);
  });
});
