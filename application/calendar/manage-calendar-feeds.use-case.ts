import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { CalendarFeed, FeedContent } from '../../domain/calendar/calendar-feed.js';
import type { CalendarFeedRepository, FeedTokens } from '../ports/calendar-feed.repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import {
  type InfrastructureError,
  type InsufficientScope,
  type InvalidCursor,
  type NotFound,
  notFound,
  type ValidationFailed,
} from '../shared/errors.js';
import { openPage, type PageAnswer, pageAnswer, pageInIdOrder } from '../shared/paging.js';
import type { CalendarFeedPageBody } from './calendar-feed.codecs.js';
import {
  type CalendarFeedView,
  type CalendarFeedWithToken,
  feedRefusal,
  feedView,
  ownFeed,
} from './calendar-feed-view.js';

export type CalendarFeedError = NotFound | InsufficientScope | InfrastructureError;
export type ListCalendarFeedsError = ValidationFailed | InvalidCursor | InfrastructureError;

/**
 * `work` on the caller's feed `id` in one unit of work: another's, or none, is not found; one that
 * shows what the caller may not read is refused.
 */
const onOwnFeed = <A>(
  unitOfWork: UnitOfWork,
  actor: Actor,
  readable: readonly FeedContent[],
  id: number,
  work: (feed: CalendarFeed, feeds: CalendarFeedRepository) => Promise<A>,
): TE.TaskEither<CalendarFeedError, A> =>
  unitOfWork.run(async (repositories) => {
    const feed = ownFeed(await repositories.calendarFeeds.find(id), actor.userId);
    if (feed === null) return E.left(notFound('calendar feed'));
    const refusal = feedRefusal(feed.include, readable);
    return refusal === null ? E.right(await work(feed, repositories.calendarFeeds)) : E.left(refusal);
  });

/** A page of the caller's feeds that their key may manage, oldest first (a user holds few). */
export class ListCalendarFeeds {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(
    actor: Actor,
    readable: readonly FeedContent[],
    input: CalendarFeedPageBody,
  ): TE.TaskEither<ListCalendarFeedsError, PageAnswer<CalendarFeedView>> {
    const of = { userId: actor.userId, list: 'calendar-feeds' };
    return pipe(
      TE.fromEither(openPage(of, input)),
      TE.flatMap((page) =>
        this.unitOfWork.run(async (repositories) => {
          const feeds = (await repositories.calendarFeeds.listOf(actor.userId)).filter(
            (feed) => feedRefusal(feed.include, readable) === null,
          );
          const paged = pageInIdOrder(feeds, page);
          return E.right(pageAnswer(of, page, { ...paged, items: paged.items.map(feedView) }));
        }),
      ),
    );
  }
}

/** One of the caller's feeds. */
export class GetCalendarFeed {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(
    actor: Actor,
    readable: readonly FeedContent[],
    id: number,
  ): TE.TaskEither<CalendarFeedError, CalendarFeedView> {
    return onOwnFeed(this.unitOfWork, actor, readable, id, async (feed) => feedView(feed));
  }
}

/** Ends a feed: its URL answers 404 from now on. */
export class DeleteCalendarFeed {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  execute(
    actor: Actor,
    readable: readonly FeedContent[],
    id: number,
  ): TE.TaskEither<CalendarFeedError, { readonly id: number }> {
    return onOwnFeed(this.unitOfWork, actor, readable, id, async (_feed, feeds) => {
      await feeds.delete(id);
      return { id };
    });
  }
}

/** Gives a feed a new URL (a leaked one, say): the old URL answers 404 from now on. */
export class RegenerateCalendarFeed {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tokens: FeedTokens,
  ) {}

  execute(
    actor: Actor,
    readable: readonly FeedContent[],
    id: number,
  ): TE.TaskEither<CalendarFeedError, CalendarFeedWithToken> {
    return onOwnFeed(this.unitOfWork, actor, readable, id, async (feed, feeds) => {
      const { token, digest } = this.tokens.generate();
      await feeds.replaceToken(id, digest);
      return { feed: feedView(feed), token };
    });
  }
}
