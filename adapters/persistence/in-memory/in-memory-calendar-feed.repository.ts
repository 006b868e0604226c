import type { CalendarFeedRepository } from '../../../application/ports/calendar-feed.repository.js';
import { type InMemoryState, nextId } from './in-memory-state.js';

/** Calendar feeds in a transaction's draft. */
export const inMemoryCalendarFeeds = (state: InMemoryState): CalendarFeedRepository => ({
  add: async (feed) => {
    const stored = { ...feed, id: nextId(state, 'calendar_feeds') };
    state.calendarFeeds.set(stored.id, stored);
    return stored;
  },
  listOf: async (userId) =>
    [...state.calendarFeeds.values()].filter((feed) => feed.userId === userId).sort((a, b) => a.id - b.id),
  find: async (id) => state.calendarFeeds.get(id) ?? null,
  findByDigest: async (tokenDigest) =>
    [...state.calendarFeeds.values()].find((feed) => feed.tokenDigest === tokenDigest) ?? null,
  replaceToken: async (id, tokenDigest) => {
    const feed = state.calendarFeeds.get(id);
    if (feed !== undefined) state.calendarFeeds.set(id, { ...feed, tokenDigest });
  },
  delete: async (id) => state.calendarFeeds.delete(id),
});
