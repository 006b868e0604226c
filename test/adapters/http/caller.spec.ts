import { expect } from 'chai';
import { type HttpWorld, openHttpWorld } from '../../support/http-world.js';
import { right } from '../../support/world.js';

/** Issue 58, item 9: `GET /v1/me`, what an integration or an agent checks first about its key. */
describe('GET /v1/me: the key’s user, scopes and expiry', () => {
  let world: HttpWorld;

  before(async () => {
    world = await openHttpWorld();
  });
  after(() => world.close());

  it('answers any valid key, whatever its scopes: its user, scopes, prefix and expiry, never its digest', async () => {
    const alice = await world.user('alice', 'Europe/Kyiv');
    const expiresAt = new Date(world.clock.now().getTime() + 86_400_000);
    const created = await right(
      world.workspace.keys.create({ userId: alice.userId, scopes: ['notes:read'], expiresAt }),
    );
    const response = await world.call(created.plaintext, { method: 'GET', url: '/v1/me' });
    expect(response.statusCode).to.equal(200);
    const { user, key } = response.json().data;
    expect(user).to.deep.equal({ id: alice.userId, name: 'alice', timezone: 'Europe/Kyiv' });
    expect(key.id).to.equal(created.apiKey.id);
    expect(key.scopes).to.deep.equal(['notes:read']);
    expect(created.plaintext.startsWith(key.display_prefix)).to.equal(true);
    expect(key.expires_at).to.equal(expiresAt.toISOString().slice(0, 19).replace('T', ' '));
    expect(response.body).not.to.include('digest');
  });

  it('refuses a request without a valid key (401), and a revoked key', async () => {
    expect((await world.call(null, { method: 'GET', url: '/v1/me' })).statusCode).to.equal(401);
    await world.user('bob');
    const key = await world.key('bob', 'tasks:read');
    const before = await world.call(key, { method: 'GET', url: '/v1/me' });
    await right(world.workspace.keys.revoke(before.json().data.key.id));
    expect((await world.call(key, { method: 'GET', url: '/v1/me' })).statusCode).to.equal(401);
  });

  it('in the library: a key session names its key; a host acting as a user has none', async () => {
    const carol = await world.user('carol');
    const key = await world.key('carol', 'tasks:*');
    const keyed = await right(world.workspace.authenticate(key));
    const described = await right(keyed.me.get());
    expect(described.user.name).to.equal('carol');
    expect(described.key?.scopes).to.deep.equal(['tasks:*']);
    expect(described.key).not.to.have.property('digest');
    expect((await right(carol.me.get())).key).to.equal(null);
  });
});
