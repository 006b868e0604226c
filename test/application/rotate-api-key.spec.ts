import { expect } from 'chai';
import { left, openWorld, right, type World } from '../support/world.js';

describe('rotating an API key', () => {
  let world: World;
  let userId: number;

  beforeEach(async () => {
    world = await openWorld();
    userId = (await world.user('alice')).userId;
  });
  afterEach(() => world.close());

  const works = async (key: string) => (await world.workspace.authenticate(key))._tag === 'Right';

  it('gives a new key with the same user, scopes and expiry; the old one works until the grace period ends', async () => {
    const expiresAt = new Date(world.clock.now().getTime() + 90 * 86_400_000);
    const old = await right(
      world.workspace.keys.create({ userId, scopes: ['tasks:*', 'clients:read'], expiresAt }),
    );
    const { created, replaced } = await right(world.workspace.keys.rotate(old.apiKey.id, 3_600_000));

    expect(created.apiKey).to.deep.include({ userId, scopes: ['tasks:*', 'clients:read'], expiresAt });
    expect(created.apiKey.id).not.to.equal(old.apiKey.id);
    expect(created.plaintext).not.to.equal(old.plaintext);
    expect(replaced.revokedAt).to.deep.equal(new Date(world.clock.now().getTime() + 3_600_000));
    expect(await works(old.plaintext)).to.equal(true);
    expect(await works(created.plaintext)).to.equal(true);

    world.clock.advance(3_600_000);
    expect(await works(old.plaintext), 'old key after the grace period').to.equal(false);
    expect(await works(created.plaintext)).to.equal(true);
  });

  it('without a grace period the old key stops at once', async () => {
    const old = await right(world.workspace.keys.create({ userId, scopes: ['tasks:read'] }));
    const { created } = await right(world.workspace.keys.rotate(old.apiKey.id, 0));
    expect(await works(old.plaintext)).to.equal(false);
    expect(await works(created.plaintext)).to.equal(true);
  });

  it('refuses to rotate a revoked or unknown key, and revoking during the grace period stops the old key now', async () => {
    const old = await right(world.workspace.keys.create({ userId, scopes: ['tasks:read'] }));
    await right(world.workspace.keys.rotate(old.apiKey.id, 3_600_000));
    const revoked = await right(world.workspace.keys.revoke(old.apiKey.id));
    expect(revoked.revokedAt).to.deep.equal(world.clock.now());
    expect(await works(old.plaintext)).to.equal(false);
    expect(await left(world.workspace.keys.rotate(old.apiKey.id, 0))).to.deep.include({
      _tag: 'Conflict',
      code: 'API_KEY_NOT_USABLE',
    });
    expect(await left(world.workspace.keys.rotate(424242, 0))).to.deep.include({ _tag: 'NotFound' });
  });

  it('a second rotation never lengthens the first grace period', async () => {
    const old = await right(world.workspace.keys.create({ userId, scopes: ['tasks:read'] }));
    await right(world.workspace.keys.rotate(old.apiKey.id, 60_000));
    const { replaced } = await right(world.workspace.keys.rotate(old.apiKey.id, 3_600_000));
    expect(replaced.revokedAt).to.deep.equal(new Date(world.clock.now().getTime() + 60_000));
  });
});
