import type { CalendarFeedView } from '../../../application/calendar/calendar-feed-view.js';
import { serverInstant } from './wire-values.js';

/** The path of a feed's calendar: the token is its only credential. */
export const calendarPath = (token: string): string => `/v1/calendar/${token}.ics`;

/** A feed, and its URL when the answer may show it (create and regenerate). */
export const presentCalendarFeed = (feed: CalendarFeedView, url?: string) => ({
  id: feed.id,
  name: feed.name,
  include: [...feed.include],
  project_id: feed.projectId,
  client_id: feed.clientId,
  created_at: serverInstant(feed.createdAt),
  ...(url === undefined ? {} : { url }),
});
