import { createHash } from 'node:crypto';
import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { openWorld, right, type World } from '../support/world.js';

/** CONTRACT §12, calendar feeds through the library: a host's session and the keyless read. */
describe('the library: calendar feeds', () => {
  let world: World;

  beforeEach(async () => {
    world = await openWorld();
  });

  afterEach(() => world.close());

  it('stores only the digest of a feed’s token, never the token', async () => {
    const alice = await world.user('alice');
    const { feed, token } = await right(alice.calendarFeeds.create({ name: 'Work', include: ['times'] }));
    const stored = await world.persistence.unitOfWork.run(async (r) =>
      E.right(await r.calendarFeeds.find(feed.id)),
    )();
    if (E.isLeft(stored) || stored.right === null) throw new Error('the feed was not stored');
    expect(stored.right.tokenDigest).to.equal(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored.right)).not.to.contain(token);
  });

  it('reads a feed’s events by its token alone, in the owner’s timezone, and only its version when unchanged', async () => {
    const alice = await world.user('alice', 'Asia/Tokyo');
    const task = await right(alice.tasks.create({ title: 'Standup', date: '2026-12-01T09:00:00' }));
    const { token } = await right(alice.calendarFeeds.create({ name: 'Work' }));
    const calendar = await right(world.workspace.calendar(token));
    if ('unchanged' in calendar) throw new Error('a first read is never unchanged');
    expect(calendar).to.deep.include({ name: 'Work', timezone: 'Asia/Tokyo' });
    expect(calendar.events.map((event) => [event.uid, event.start])).to.deep.equal([
      [`task-${task.id}@workspace-api`, '2026-12-01T09:00:00'],
    ]);
    expect(await right(world.workspace.calendar(token, calendar.version))).to.deep.equal({
      unchanged: true,
      version: calendar.version,
    });
    const unknown = await world.workspace.calendar('A'.repeat(43));
    expect(E.isLeft(unknown) && unknown.left._tag).to.equal('NotFound');
  });
});
