import { acceptedScopes } from '../../domain/api-key/scope.js';
import type { CalendarFeed, FeedContent } from '../../domain/calendar/calendar-feed.js';
import type { InsufficientScope } from '../shared/errors.js';

/** A feed as its owner sees it: never its token, which only the create and regenerate answers show. */
export interface CalendarFeedView {
  readonly id: number;
  readonly name: string;
  readonly include: readonly FeedContent[];
  readonly projectId: number | null;
  readonly clientId: number | null;
  readonly createdAt: Date;
}

/** A feed with the token of its URL: the create and regenerate answers. */
export interface CalendarFeedWithToken {
  readonly feed: CalendarFeedView;
  readonly token: string;
}

export const feedView = (feed: CalendarFeed): CalendarFeedView => ({
  id: feed.id,
  name: feed.name,
  include: [...feed.include],
  projectId: feed.projectId,
  clientId: feed.clientId,
  createdAt: new Date(feed.createdAt),
});

/**
 * The refusal when the caller may not read all a feed shows (`readable`: what they may read), else
 * null: a feed is managed only by a key that could read everything in it.
 */
export const feedRefusal = (
  include: readonly FeedContent[],
  readable: readonly FeedContent[],
): InsufficientScope | null => {
  const missing = include.find((content) => !readable.includes(content));
  return missing === undefined
    ? null
    : { _tag: 'InsufficientScope', needed: `${missing}:read`, accepted: acceptedScopes(missing, 'read') };
};

/** The feed if it is the user's; another's reads as missing. */
export const ownFeed = (feed: CalendarFeed | null, userId: number): CalendarFeed | null =>
  feed !== null && feed.userId === userId ? feed : null;
