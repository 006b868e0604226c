import type { CalendarFeed, NewCalendarFeed } from '../../domain/calendar/calendar-feed.js';
import type { UserId } from '../../domain/task/task.js';

/** Calendar feeds, within one unit of work. */
export interface CalendarFeedRepository {
  add(feed: NewCalendarFeed): Promise<CalendarFeed>;
  /** The user's feeds, oldest first. */
  listOf(userId: UserId): Promise<readonly CalendarFeed[]>;
  find(id: number): Promise<CalendarFeed | null>;
  /** The feed whose token has this digest, or null. */
  findByDigest(tokenDigest: string): Promise<CalendarFeed | null>;
  /** Gives the feed a new token: the old one stops working. */
  replaceToken(id: number, tokenDigest: string): Promise<void>;
  /** Deletes the feed; false when there was none. */
  delete(id: number): Promise<boolean>;
}

/** A feed's token as its URL carries it, and the digest that is stored instead. */
export interface FeedToken {
  readonly token: string;
  readonly digest: string;
}

/** Makes and digests feed tokens (randomness and hashing live in an adapter). */
export interface FeedTokens {
  generate(): FeedToken;
  /** Whether `token` has the shape of one `generate` makes: another names no feed, and costs no read. */
  wellFormed(token: string): boolean;
  digest(token: string): string;
}
