import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { right } from '../../support/world.js';

describe('HTTP: authentication, scopes and ownership', () => {
  let world: HttpWorld;
  let key: string;

  beforeEach(async () => {
    world = await openHttpWorld();
    await world.user('alice');
    key = await world.key('alice', 'tasks:*');
  });

  afterEach(() => world.close());

  const list = (headers: Record<string, string>) =>
    world.call(null, { method: 'GET', url: '/v1/tasks', headers });

  it('accepts the key as a Bearer token (scheme in any case) or as X-API-Key', async () => {
    expect((await list({ authorization: `Bearer ${key}` })).statusCode).to.equal(200);
    expect((await list({ authorization: `bEaReR ${key}` })).statusCode).to.equal(200);
    expect((await list({ 'x-api-key': key })).statusCode).to.equal(200);
    expect((await list({ authorization: `Bearer ${key}`, 'x-api-key': key })).statusCode).to.equal(200);
  });

  it('answers 401 UNAUTHORIZED with WWW-Authenticate when no key is sent', async () => {
    const response = await list({});
    expect((await world.call(null, { method: 'HEAD', url: '/v1/tasks' })).statusCode).to.equal(401);
    expect(response.statusCode).to.equal(401);
    expect(response.json().error.code).to.equal('UNAUTHORIZED');
    expect(response.headers['www-authenticate']).to.match(/^Bearer/);
  });

  it('answers 401 INVALID_API_KEY to malformed, unknown, mismatched or other-scheme keys', async () => {
    const other = await world.key('alice', 'tasks:read');
    const cases: Record<string, string>[] = [
      { authorization: 'Bearer nope' },
      { authorization: `Bearer wsk_live_${'A'.repeat(40)}` },
      { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      { authorization: `Bearer ${key}`, 'x-api-key': other },
    ];
    for (const headers of cases) {
      const response = await list(headers);
      expect(response.statusCode, JSON.stringify(headers)).to.equal(401);
      expect(response.json().error.code).to.equal('INVALID_API_KEY');
      expect(response.headers['www-authenticate']).to.match(/^Bearer/);
    }
  });

  it('refuses revoked and expired keys', async () => {
    const alice = await right(world.workspace.users.find('alice'));
    const created = await right(
      world.workspace.keys.create({
        userId: alice.id,
        scopes: ['tasks:*'],
        expiresAt: new Date(world.clock.now().getTime() + 3_600_000),
      }),
    );
    expect((await list({ 'x-api-key': created.plaintext })).statusCode).to.equal(200);
    world.clock.advance(3_600_000);
    expect((await list({ 'x-api-key': created.plaintext })).json().error.code).to.equal('INVALID_API_KEY');

    const digestKey = await world.key('alice', 'tasks:*');
    const keys = await world.persistence.apiKeyStore.findByDigest(
      (await import('node:crypto')).createHash('sha256').update(digestKey).digest('hex'),
    );
    await right(world.workspace.keys.revoke(keys?.id ?? 0));
    expect((await list({ 'x-api-key': digestKey })).statusCode).to.equal(401);
  });

  it('answers 403 INSUFFICIENT_SCOPE naming the scope; write does not imply read', async () => {
    const writer = await world.key('alice', 'tasks:write');
    const reader = await world.key('alice', 'tasks:read,clients:*');
    const denied = await world.call(writer, { method: 'GET', url: '/v1/tasks' });
    expect(denied.statusCode).to.equal(403);
    expect(denied.json().error).to.deep.include({ code: 'INSUFFICIENT_SCOPE' });
    expect(denied.json().error.message).to.contain('tasks:read');
    expect(denied.headers['x-accepted-scopes']).to.equal('tasks:read, tasks:*');
    const readOnly = await world.call(reader, { method: 'POST', url: '/v1/tasks', payload: { title: 'x' } });
    expect(readOnly.statusCode).to.equal(403);
    expect(readOnly.headers['x-accepted-scopes']).to.equal('tasks:write, tasks:*');
    expect(
      (await world.call(writer, { method: 'POST', url: '/v1/tasks', payload: { title: 'x' } })).statusCode,
    ).to.equal(201);
  });

  it('checks the key before the route’s input: a bad body without a key is 401, not 400', async () => {
    const response = await world.call(null, {
      method: 'POST',
      url: '/v1/tasks',
      headers: { 'content-type': 'application/json' },
      payload: '{broken',
    });
    expect(response.statusCode).to.equal(401);
  });

  it('reports another owner’s task exactly like a missing one', async () => {
    await world.user('mallory');
    const mallory = await world.key('mallory', 'tasks:*');
    const id = (
      await world.call(key, { method: 'POST', url: '/v1/tasks', payload: { title: 'secret' } })
    ).json().data.task.id;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { status: 2 }],
      ['PUT', { title: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const theirs = await world.call(mallory, { method, url: `/v1/tasks/${id}`, payload });
      const missing = await world.call(mallory, { method, url: '/v1/tasks/999999', payload });
      expect(theirs.statusCode, method).to.equal(404);
      expect(theirs.json(), method).to.deep.equal(missing.json());
    }
    expect((await world.call(mallory, { method: 'GET', url: '/v1/tasks' })).json().data.tasks).to.deep.equal(
      [],
    );
  });

  it('answers 403 NOT_TASK_OWNER when an assignee tries more than a status change', async () => {
    const bob = await world.user('bob');
    const bobKey = await world.key('bob', 'tasks:*');
    const id = (
      await world.call(key, {
        method: 'POST',
        url: '/v1/tasks',
        payload: { title: 't', assignee_id: bob.userId },
      })
    ).json().data.task.id;
    expect((await world.call(bobKey, { method: 'GET', url: `/v1/tasks/${id}` })).statusCode).to.equal(200);
    expect(
      (await world.call(bobKey, { method: 'PATCH', url: `/v1/tasks/${id}`, payload: { status: 1 } }))
        .statusCode,
    ).to.equal(200);
    const refused = await world.call(bobKey, {
      method: 'PATCH',
      url: `/v1/tasks/${id}`,
      payload: { title: 'mine' },
    });
    expect(refused.statusCode).to.equal(403);
    expect(refused.json().error.code).to.equal('NOT_TASK_OWNER');
    expect(
      (await world.call(bobKey, { method: 'DELETE', url: `/v1/tasks/${id}` })).json().error.code,
    ).to.equal('NOT_TASK_OWNER');
  });
});
