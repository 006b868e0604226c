import type { UserId } from '../task/task.js';

/** What a feed may show: dated tasks, time records, or both. */
export const FEED_CONTENTS = ['tasks', 'times'] as const;
export type FeedContent = (typeof FEED_CONTENTS)[number];

/** The most feeds one user holds: each is a standing credential to their calendar. */
export const MAX_FEEDS_PER_USER = 25;

export const FEED_NAME_MAX_LENGTH = 200;

/**
 * A subscribable calendar of a user's tasks and time records (CONTRACT §12). Its token is the
 * credential of its URL: only the token's digest is kept, so a stored feed cannot be read back into
 * a working URL.
 */
export interface CalendarFeed {
  readonly id: number;
  readonly userId: UserId;
  readonly name: string;
  readonly include: readonly FeedContent[];
  /** Only records of this project (and of this client) are shown, when set. */
  readonly projectId: number | null;
  readonly clientId: number | null;
  readonly tokenDigest: string;
  readonly createdAt: Date;
}

export type NewCalendarFeed = Omit<CalendarFeed, 'id'>;

/** The contents in their one spelling: without repeats, in `FEED_CONTENTS` order. */
export const feedContents = (given: readonly FeedContent[]): FeedContent[] =>
  FEED_CONTENTS.filter((content) => given.includes(content));
