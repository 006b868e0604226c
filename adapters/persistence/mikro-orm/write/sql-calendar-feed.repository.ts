import type { CalendarFeedRepository } from '../../../../application/ports/calendar-feed.repository.js';
import type { Statements } from '../orm-runner.js';
import { calendarFeedOf, calendarFeedRow } from '../schemas/calendar-feed.schemas.js';
import { COLUMNS } from '../schemas/columns.js';

/** Calendar feeds through a unit of work's connection. */
export const sqlCalendarFeeds = (q: Statements): CalendarFeedRepository => {
  const feeds = () => q.db.selectFrom('calendar_feeds').select(COLUMNS.calendar_feeds);
  const one = async (query: ReturnType<typeof feeds>) => {
    const row = await q.first(query);
    return row === undefined ? null : calendarFeedOf(row);
  };
  return {
    add: async (feed) =>
      calendarFeedOf(
        await q.returned(
          q.db.insertInto('calendar_feeds').values(calendarFeedRow(feed)).returning(COLUMNS.calendar_feeds),
        ),
      ),
    listOf: async (userId) =>
      (await q.all(feeds().where('user_id', '=', userId).orderBy('id'))).map(calendarFeedOf),
    find: (id) => one(feeds().where('id', '=', id)),
    findByDigest: (tokenDigest) => one(feeds().where('token_digest', '=', tokenDigest)),
    replaceToken: async (id, tokenDigest) => {
      await q.run(q.db.updateTable('calendar_feeds').set({ token_digest: tokenDigest }).where('id', '=', id));
    },
    delete: async (id) =>
      (await q.first(q.db.deleteFrom('calendar_feeds').where('id', '=', id).returning('id'))) !== undefined,
  };
};
