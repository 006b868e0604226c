import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';

const EVERY_READ =
  'tasks:read,clients:read,projects:read,notes:read,categories:read,cards:read,times:read,moneys:read';
const EVERYTHING = 'tasks:*,clients:*,projects:*,notes:*,categories:*,cards:*,times:*,moneys:*';

/** CONTRACT §12, `GET /v1/export`: every record as `GET` shows it, streamed as an attachment. */
describe('HTTP: export (CONTRACT §12)', () => {
  let world: HttpWorld;
  let key: string;

  beforeEach(async () => {
    world = await openHttpWorld();
    await world.user('alice', 'Europe/Berlin');
    await world.user('bob');
    key = await world.key('alice', EVERYTHING);
  });

  afterEach(() => world.close());

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, as = key) =>
    world.call(as, { method, url, ...(payload === undefined ? {} : { payload }) });
  const made = async (url: string, payload: object, as = key) => {
    const response = await send('POST', url, payload, as);
    expect(response.statusCode, response.body).to.equal(201);
    const data = response.json().data;
    return data[Object.keys(data)[0] ?? ''];
  };

  it('answers every section as GET shows its records, the owner’s own tasks only, and the standing gamification', async () => {
    const client = await made('/v1/clients', { name: 'Acme' });
    const project = await made('/v1/projects', { name: 'Launch', client_id: client.id });
    const category = await made('/v1/categories', { name: 'Deep work' });
    const card = await made('/v1/cards', { name: 'Main' });
    const task = await made('/v1/tasks', { title: 'Ship', project_id: project.id, category_id: category.id });
    await send('PATCH', `/v1/tasks/${task.id}`, { status: 2 });
    const note = await made('/v1/notes', { name: 'Outline', task_id: task.id });
    const time = await made('/v1/times', {
      time_really: '1:30:00',
      task_id: task.id,
      date: '2026-11-20 09:00:00',
    });
    const money = await made('/v1/moneys', { type: 1, price: 12.5, card: card.id });
    const bobs = await world.key('bob', 'tasks:*');
    const aliceId = (await send('GET', '/v1/me')).json().data.user.id;
    await made('/v1/tasks', { title: 'Assigned to alice', assignee_id: aliceId }, bobs);

    const response = await send('GET', '/v1/export');
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).to.match(/^attachment; filename="[^"]+\.json"$/);
    const document = response.json();
    expect(document).to.include({ format: 'workspace-api/export', version: 1 });
    expect(new Date(document.exported_at).toISOString()).to.equal(document.exported_at);
    expect(document.user).to.deep.equal({ name: 'alice', timezone: 'Europe/Berlin' });
    const got = async (path: string, field: string) => (await send('GET', path)).json().data[field];
    expect(document.clients).to.deep.equal([await got(`/v1/clients/${client.id}`, 'client')]);
    expect(document.projects).to.deep.equal([await got(`/v1/projects/${project.id}`, 'project')]);
    expect(document.categories).to.deep.equal([await got(`/v1/categories/${category.id}`, 'category')]);
    expect(document.cards).to.deep.equal([await got(`/v1/cards/${card.id}`, 'card')]);
    expect(document.tasks).to.deep.equal([await got(`/v1/tasks/${task.id}`, 'task')]);
    expect(document.notes).to.deep.equal([await got(`/v1/notes/${note.id}`, 'note')]);
    expect(document.times).to.deep.equal([await got(`/v1/times/${time.id}`, 'time')]);
    expect(document.moneys).to.deep.equal([await got(`/v1/moneys/${money.id}`, 'money')]);
    const history = (await send('GET', `/v1/tasks/${task.id}/history`)).json().data.history;
    expect(document.task_history.map((entry: { to_status: number }) => entry.to_status)).to.deep.equal(
      history.map((entry: { to_status: number }) => entry.to_status),
    );
    expect(document.task_history.every((entry: { task_id: number }) => entry.task_id === task.id)).to.equal(
      true,
    );
    const { profile } = (await send('GET', '/v1/gamification')).json().data;
    expect(document.gamification.total_points).to.equal(profile.total_points).and.to.be.above(0);
    expect(document.gamification.completions).to.have.length(1);
    expect(document.gamification.completions[0]).to.include({ task_id: task.id });
  });

  it('pages through a section larger than one read without losing or repeating a record', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 1_005; i += 1) ids.push((await made('/v1/categories', { name: `c${i}` })).id);
    const document = (await send('GET', '/v1/export')).json();
    expect(document.categories.map((category: { id: number }) => category.id)).to.deep.equal(ids);
  });

  it('writes the document as it reads it: the first sections arrive while a later one is still being read', async () => {
    await world.close();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    world = await openHttpWorld((persistence) => ({
      ...persistence,
      exportReader: {
        gamification: (ownerId) => persistence.exportReader.gamification(ownerId),
        page: async (section, ownerId, afterId, limit) => {
          if (section === 'notes') await held;
          return persistence.exportReader.page(section, ownerId, afterId, limit);
        },
      },
    }));
    await world.user('alice');
    const streaming = await world.key('alice', EVERYTHING);
    await made('/v1/clients', { name: 'Acme' }, streaming);
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    // Uncompressed: a compressor holds text back until it has a block's worth.
    const response = await fetch(`${address}/v1/export`, {
      headers: { 'x-api-key': streaming, 'accept-encoding': 'identity' },
    });
    expect(response.status).to.equal(200);
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error('no body');
    let received = '';
    try {
      while (!received.includes('"task_history":[]'))
        received += new TextDecoder().decode((await reader.read()).value);
      expect(received).to.contain('"clients":[{').and.not.to.contain('"notes"');
    } finally {
      // Never left holding the reader, whatever the assertions say.
      release();
    }
    for (let part = await reader.read(); !part.done; part = await reader.read())
      received += new TextDecoder().decode(part.value);
    expect(JSON.parse(received).clients).to.have.length(1);
  });

  it('needs the read scope of every resource: a key without one is 403 naming it', async () => {
    const allowed = await send('GET', '/v1/export', undefined, await world.key('alice', EVERY_READ));
    expect(allowed.statusCode).to.equal(200);
    const lacking = await world.key('alice', EVERY_READ.replace(',moneys:read', ''));
    const refused = await send('GET', '/v1/export', undefined, lacking);
    expect(refused.statusCode).to.equal(403);
    expect(refused.json().error.code).to.equal('INSUFFICIENT_SCOPE');
    expect(refused.json().error.message).to.contain('moneys:read');
  });
});
