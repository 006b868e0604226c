import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { type ParsedEvent, parseCalendar } from '../../support/icalendar.js';

/** CONTRACT §12, calendar feeds over HTTP, the calendars read back with ical.js (an independent parser). */
describe('HTTP: calendar feeds (CONTRACT §12)', () => {
  let world: HttpWorld;
  let key: string;

  beforeEach(async () => {
    world = await openHttpWorld();
    await world.user('alice', 'Europe/Berlin');
    key = await world.key('alice', 'tasks:*,times:*,projects:*,clients:*');
  });

  afterEach(() => world.close());

  const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = key) =>
    world.call(as, { method, url, ...(payload === undefined ? {} : { payload }) });
  const made = async (url: string, payload: object): Promise<number> => {
    const response = await send('POST', url, payload);
    expect(response.statusCode, response.body).to.equal(201);
    const data = response.json().data;
    return data[Object.keys(data)[0] ?? ''].id;
  };
  /** A feed made with `payload`: its id and the path of its calendar. */
  const feed = async (payload: object = { name: 'Work' }) => {
    const response = await send('POST', '/v1/calendar-feeds', payload);
    expect(response.statusCode, response.body).to.equal(201);
    const { id, url } = response.json().data.feed;
    return { id: id as number, url: url as string, path: new URL(url).pathname };
  };
  const calendar = async (path: string, headers: Record<string, string> = {}) => {
    const response = await world.call(null, { method: 'GET', url: path, headers });
    expect(response.statusCode, response.body).to.equal(200);
    return { response, parsed: parseCalendar(response.body) };
  };
  const byUid = (events: readonly ParsedEvent[], uid: string): ParsedEvent => {
    const event = events.find((e) => e.uid === uid);
    if (event === undefined) throw new Error(`no event ${uid} in ${events.map((e) => e.uid).join(', ')}`);
    return event;
  };

  it('answers the feed with its URL once: 201, Location, a 43-character token; get and list never show it', async () => {
    const response = await send('POST', '/v1/calendar-feeds', { name: 'Work' });
    expect(response.statusCode).to.equal(201);
    const created = response.json().data.feed;
    expect(created).to.include({ name: 'Work', project_id: null, client_id: null });
    expect(created.include).to.deep.equal(['tasks']);
    expect(created.url).to.match(/^http:\/\/localhost(:\d+)?\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(response.headers.location).to.equal(`/v1/calendar-feeds/${created.id}`);
    const got = (await send('GET', `/v1/calendar-feeds/${created.id}`)).json().data.feed;
    expect(got).to.deep.equal(omitUrl(created));
    const listed = (await send('GET', '/v1/calendar-feeds')).json().data.feeds;
    expect(listed).to.deep.equal([omitUrl(created)]);
  });

  it("writes one VCALENDAR with the feed's name and the owner's VTIMEZONE, each dated active task one VEVENT", async () => {
    const planned = await made('/v1/tasks', {
      title: 'Review',
      description: 'The Q4 plan',
      date: '2026-12-01 10:00:00',
      time_planned: '01:30:00',
    });
    const allDay = await made('/v1/tasks', { title: 'Offsite', date: '2026-12-02 00:00:00' });
    const undated = await made('/v1/tasks', { title: 'Someday' });
    const archived = await made('/v1/tasks', { title: 'Old', date: '2026-12-03 09:00:00', active: 0 });
    const { path } = await feed({ name: 'Work' });
    const { response, parsed } = await calendar(path);
    expect(response.headers['content-type']).to.equal('text/calendar; charset=utf-8');
    expect(parsed).to.include({ version: '2.0', name: 'Work' });
    expect(parsed.prodId).to.be.a('string').that.is.not.empty;
    expect(parsed.timezones).to.deep.equal(['Europe/Berlin']);
    const uids = parsed.events.map((event) => event.uid);
    expect(uids).to.have.members([`task-${planned}@workspace-api`, `task-${allDay}@workspace-api`]);
    expect(uids).not.to.include.members([`task-${undated}@workspace-api`, `task-${archived}@workspace-api`]);
    const review = byUid(parsed.events, `task-${planned}@workspace-api`);
    expect(review).to.include({
      summary: 'Review',
      description: 'The Q4 plan',
      start: '2026-12-01T10:00:00',
      startZone: 'Europe/Berlin',
      allDay: false,
      duration: 'PT1H30M',
      status: null,
    });
    expect(review.lastModified).to.match(/^\d{8}T\d{6}Z$/);
    expect(review.stamp).to.match(/^\d{8}T\d{6}Z$/);
    const offsite = byUid(parsed.events, `task-${allDay}@workspace-api`);
    expect(offsite).to.include({ start: '2026-12-02', allDay: true, duration: 'P1D', description: null });
  });

  it('lasts 30 minutes without a planned time; marks done tasks ✓ and cancels cancelled ones', async () => {
    const done = await made('/v1/tasks', { title: 'Ship', date: '2026-12-01 09:00:00' });
    const cancelled = await made('/v1/tasks', { title: 'Drop', date: '2026-12-01 11:00:00' });
    await send('PATCH', `/v1/tasks/${done}`, { status: 2 });
    await send('PATCH', `/v1/tasks/${cancelled}`, { status: 3 });
    const { parsed } = await calendar((await feed()).path);
    expect(byUid(parsed.events, `task-${done}@workspace-api`)).to.include({
      summary: '✓ Ship',
      duration: 'PT30M',
      status: null,
    });
    expect(byUid(parsed.events, `task-${cancelled}@workspace-api`)).to.include({
      summary: 'Drop',
      status: 'CANCELLED',
    });
  });

  it('shows dated time records for their time spent, named by their description or else their task', async () => {
    const task = await made('/v1/tasks', { title: 'Write the report' });
    const described = await made('/v1/times', {
      time_really: '2:15:00',
      date: '2026-12-01 14:00:00',
      description: 'Drafting',
      task_id: task,
    });
    const ofTask = await made('/v1/times', {
      time_really: '0:45:00',
      date: '2026-12-02 00:00:00',
      task_id: task,
    });
    await made('/v1/times', { time_really: '1:00:00' });
    const { parsed } = await calendar((await feed({ name: 'Hours', include: ['times'] })).path);
    expect(parsed.events.map((event) => event.uid)).to.have.members([
      `time-${described}@workspace-api`,
      `time-${ofTask}@workspace-api`,
    ]);
    expect(byUid(parsed.events, `time-${described}@workspace-api`)).to.include({
      summary: 'Drafting',
      start: '2026-12-01T14:00:00',
      startZone: 'Europe/Berlin',
      duration: 'PT2H15M',
    });
    // A time record is always timed: a whole day would lose how long it was.
    expect(byUid(parsed.events, `time-${ofTask}@workspace-api`)).to.include({
      summary: 'Write the report',
      start: '2026-12-02T00:00:00',
      allDay: false,
      duration: 'PT45M',
    });
  });

  it("shows only the project's records when the feed names one", async () => {
    const project = await made('/v1/projects', { name: 'Launch' });
    const inside = await made('/v1/tasks', { title: 'In', date: '2026-12-01 09:00:00', project_id: project });
    await made('/v1/tasks', { title: 'Out', date: '2026-12-01 10:00:00' });
    const { parsed } = await calendar((await feed({ name: 'Launch', project_id: project })).path);
    expect(parsed.events.map((event) => event.uid)).to.deep.equal([`task-${inside}@workspace-api`]);
  });

  it('escapes text and folds lines at 75 octets, never inside a character, as RFC 5545 says', async () => {
    const title = `Plan; review, then \\ ship — ${'é✓'.repeat(40)}`;
    const description = 'Line one\nLine two, with; all\r\nthree';
    const id = await made('/v1/tasks', { title, description, date: '2026-12-01 09:00:00' });
    const { response, parsed } = await calendar((await feed({ name: 'Ünïcode, "quoted"; name' })).path);
    const lines = response.body.split('\r\n');
    expect(lines.at(-1)).to.equal('');
    for (const line of lines) expect(Buffer.byteLength(line), line).to.be.at.most(75);
    expect(response.body).not.to.match(/[^\r]\n/);
    // ical.js hands an X- property's value back as written: escaped as TEXT.
    expect(parsed.name).to.equal('Ünïcode\\, "quoted"\\; name');
    const event = byUid(parsed.events, `task-${id}@workspace-api`);
    expect(event.summary).to.equal(title);
    expect(event.description).to.equal('Line one\nLine two, with; all\nthree');
  });

  it('answers 304 to its ETag until something it shows changes', async () => {
    const id = await made('/v1/tasks', { title: 'Review', date: '2026-12-01 10:00:00' });
    const { path } = await feed();
    const { response } = await calendar(path);
    const etag = response.headers.etag as string;
    expect(etag).to.match(/^"[^"]+"$/);
    const again = await world.call(null, { method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).to.equal(304);
    expect(again.body).to.equal('');
    await send('PATCH', `/v1/tasks/${id}`, { title: 'Review again' });
    const changed = await world.call(null, { method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).to.equal(200);
    expect(changed.headers.etag).not.to.equal(etag);
  });

  it('makes the old URL 404 on regenerate and delete; an unknown or malformed token is 404', async () => {
    const first = await feed();
    const regenerated = await send('POST', `/v1/calendar-feeds/${first.id}/regenerate`);
    expect(regenerated.statusCode).to.equal(200);
    const next = new URL(regenerated.json().data.feed.url).pathname;
    expect(next).not.to.equal(first.path);
    expect((await world.call(null, { method: 'GET', url: first.path })).statusCode).to.equal(404);
    await calendar(next);
    expect((await send('DELETE', `/v1/calendar-feeds/${first.id}`)).json().data).to.deep.equal({
      deleted: true,
      id: first.id,
    });
    const gone = await world.call(null, { method: 'GET', url: next });
    expect(gone.statusCode).to.equal(404);
    expect(gone.json().error.code).to.equal('NOT_FOUND');
    for (const url of ['/v1/calendar/short.ics', `/v1/calendar/${'A'.repeat(43)}`, '/v1/calendar/%ff.ics'])
      expect((await world.call(null, { method: 'GET', url })).statusCode, url).to.equal(404);
    expect((await send('GET', `/v1/calendar-feeds/${first.id}`)).statusCode).to.equal(404);
  });

  it('lets a key manage only feeds of what it reads: the others are refused, and left out of its list', async () => {
    const both = await feed({ name: 'Both', include: ['times', 'tasks', 'times'] });
    const times = await world.key('alice', 'times:read');
    const refused = await send('GET', `/v1/calendar-feeds/${both.id}`, undefined, times);
    expect(refused.statusCode).to.equal(403);
    expect(refused.json().error.code).to.equal('INSUFFICIENT_SCOPE');
    expect(refused.headers['x-accepted-scopes']).to.equal('tasks:read, tasks:*');
    const listed = await send('GET', '/v1/calendar-feeds', undefined, times);
    expect(listed.json().data.feeds).to.deep.equal([]);
    const wider = await send('POST', '/v1/calendar-feeds', { name: 'x', include: ['tasks'] }, times);
    expect(wider.statusCode).to.equal(403);
    const own = await send('POST', '/v1/calendar-feeds', { name: 'Hours', include: ['times'] }, times);
    expect(own.statusCode).to.equal(201);
    const mine = (await send('GET', '/v1/calendar-feeds')).json().data.feeds;
    expect(mine.map((f: { include: string[] }) => f.include)).to.deep.equal([['tasks', 'times'], ['times']]);
  });

  it('refuses a feed without a name, of unknown contents, or of a project or client not the owner’s', async () => {
    const problem = async (payload: object) => {
      const response = await send('POST', '/v1/calendar-feeds', payload);
      expect(response.statusCode, response.body).to.equal(400);
      return response.json().error;
    };
    expect((await problem({})).details[0]).to.include({ field: 'name' });
    expect((await problem({ name: 'x', include: ['notes'] })).details[0]).to.include({ field: 'include' });
    expect((await problem({ name: 'x', include: [] })).details[0]).to.include({ field: 'include' });
    const missing = await problem({ name: 'x', project_id: 999, client_id: 998 });
    expect(missing.code).to.equal('INVALID_REFERENCE');
    expect(missing.details.map((d: { field: string }) => d.field)).to.deep.equal(['project_id', 'client_id']);
  });

  it('holds at most 25 feeds per user: the next is 409 CALENDAR_FEED_LIMIT_REACHED', async () => {
    for (let i = 0; i < 25; i++) await feed({ name: `feed ${i}` });
    const refused = await send('POST', '/v1/calendar-feeds', { name: 'one more' });
    expect(refused.statusCode).to.equal(409);
    expect(refused.json().error.code).to.equal('CALENDAR_FEED_LIMIT_REACHED');
  });
});

const omitUrl = ({ url: _, ...feed }: Record<string, unknown>) => feed;
