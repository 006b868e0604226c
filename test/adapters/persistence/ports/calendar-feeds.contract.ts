import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { Repositories } from '../../../../application/ports/unit-of-work.port.js';
import type { FeedContent } from '../../../../domain/calendar/calendar-feed.js';
import type { HarnessFactory } from '../../../support/persistence-harness.js';
import { AT, portSuite } from './port-fixture.js';

const digestOf = (n: number): string => n.toString(16).padStart(64, '0');

const added = (r: Repositories, userId: number, n: number, include: FeedContent[] = ['tasks']) =>
  r.calendarFeeds.add({
    userId,
    name: `feed ${n}`,
    include,
    projectId: null,
    clientId: n,
    tokenDigest: digestOf(n),
    createdAt: AT,
  });

/** CONTRACT §12: calendar feeds as stored, found by their token's digest, whose token can change. */
export const calendarFeedsContract = (factory: HarnessFactory): void =>
  portSuite('CalendarFeedRepository: feeds and their token digests', factory, (fixture) => {
    it('keeps a feed as given and finds it by id and by digest; another digest finds nothing', async () => {
      const { write } = fixture();
      const userId = await fixture().addUser('feeder');
      const feed = await write((r) => added(r, userId, 1, ['tasks', 'times']));
      expect(feed).to.deep.include({
        userId,
        name: 'feed 1',
        include: ['tasks', 'times'],
        projectId: null,
        clientId: 1,
        tokenDigest: digestOf(1),
      });
      expect(feed.createdAt.getTime()).to.equal(AT.getTime());
      expect(await write((r) => r.calendarFeeds.find(feed.id))).to.deep.equal(feed);
      expect(await write((r) => r.calendarFeeds.findByDigest(digestOf(1)))).to.deep.equal(feed);
      expect(await write((r) => r.calendarFeeds.findByDigest(digestOf(2)))).to.equal(null);
    });

    it("lists one user's feeds oldest first, none of another's", async () => {
      const { write } = fixture();
      const ann = await fixture().addUser('ann');
      const bob = await fixture().addUser('bob');
      const first = await write((r) => added(r, ann, 10));
      await write((r) => added(r, bob, 11));
      const second = await write((r) => added(r, ann, 12, ['times']));
      const listed = await write((r) => r.calendarFeeds.listOf(ann));
      expect(listed.map((feed) => feed.id)).to.deep.equal([first.id, second.id]);
      expect(listed[1]?.include).to.deep.equal(['times']);
    });

    it('replaces the token: the old digest finds nothing, the new one the same feed', async () => {
      const { write } = fixture();
      const userId = await fixture().addUser('rotator');
      const feed = await write((r) => added(r, userId, 20));
      await write((r) => r.calendarFeeds.replaceToken(feed.id, digestOf(21)));
      expect(await write((r) => r.calendarFeeds.findByDigest(digestOf(20)))).to.equal(null);
      expect(await write((r) => r.calendarFeeds.findByDigest(digestOf(21)))).to.deep.equal({
        ...feed,
        tokenDigest: digestOf(21),
      });
    });

    it('deletes a feed once: then it is found neither by id nor by digest', async () => {
      const { write } = fixture();
      const userId = await fixture().addUser('deleter');
      const feed = await write((r) => added(r, userId, 30));
      expect(await write((r) => r.calendarFeeds.delete(feed.id))).to.equal(true);
      expect(await write((r) => r.calendarFeeds.delete(feed.id))).to.equal(false);
      expect(await write((r) => r.calendarFeeds.find(feed.id))).to.equal(null);
      expect(await write((r) => r.calendarFeeds.findByDigest(digestOf(30)))).to.equal(null);
    });

    it('takes nothing back but the failed unit of work: a feed added in a rolled-back one is not kept', async () => {
      const { write, persistence } = fixture();
      const userId = await fixture().addUser('undone');
      await persistence.unitOfWork.run(async (r) => {
        await added(r, userId, 40);
        return E.left('taken back');
      })();
      expect(await write((r) => r.calendarFeeds.findByDigest(digestOf(40)))).to.equal(null);
    });
  });
