import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { FeedContent } from '../../domain/calendar/calendar-feed.js';
import type { CalendarFeedView, CalendarFeedWithToken } from '../calendar/calendar-feed-view.js';
import type { CreateCalendarFeedError } from '../calendar/create-calendar-feed.use-case.js';
import type {
  CalendarFeedError,
  ListCalendarFeedsError,
} from '../calendar/manage-calendar-feeds.use-case.js';
import type { Actor } from '../shared/actor.js';
import type { PageAnswer } from '../shared/paging.js';
import type { Admit } from './admission.js';
import type { Preparers, SessionInputs } from './input-codecs.js';
import type { GivenInputs } from './inputs.js';
import { FEED_GROUP, FEED_RESOURCES } from './scope-policy.js';
import { admitReading, forId, given } from './session-binding.js';
import type { Outcome } from './session-types.js';
import type { WorkspaceUseCases } from './use-cases.js';

export interface CalendarFeedOperations<X, I extends SessionInputs = GivenInputs> {
  /** A feed of what the session may read; the answer is the only one that shows its URL's token. */
  create(input: I['createCalendarFeed']): Outcome<CreateCalendarFeedError | X, CalendarFeedWithToken>;
  /** A page of the feeds the session may manage, oldest first. */
  list(query?: I['listCalendarFeeds']): Outcome<ListCalendarFeedsError | X, PageAnswer<CalendarFeedView>>;
  get(id: number): Outcome<CalendarFeedError | X, CalendarFeedView>;
  /** Ends the feed: its URL stops working. */
  delete(id: number): Outcome<CalendarFeedError | X, { readonly id: number }>;
  /** A new token for the feed's URL, shown once: the old URL stops working. */
  regenerate(id: number): Outcome<CalendarFeedError | X, CalendarFeedWithToken>;
}

/** The calendar feeds' operations, bound to `actor`: each admitted with what the caller may read. */
export const calendarFeedOperations = <X, I extends SessionInputs>(
  useCases: WorkspaceUseCases['calendarFeeds'],
  prepare: Preparers<I>,
  actor: Actor,
  admit: Admit<X>,
): CalendarFeedOperations<X, I> => {
  const reading =
    (operation: string) =>
    <Err, A>(work: (readable: readonly FeedContent[]) => TE.TaskEither<Err, A>): Outcome<Err | X, A> =>
      pipe(
        admitReading(admit, FEED_GROUP, operation),
        TE.map((readable) => FEED_RESOURCES.filter((resource) => readable.includes(resource))),
        TE.flatMap((readable): TE.TaskEither<Err | X, A> => work(readable)),
      )();
  return {
    create: (input) =>
      reading('create')((readable) =>
        given(prepare.createCalendarFeed, input)((body) => useCases.create.execute(actor, readable, body)),
      ),
    list: (query) =>
      reading('list')((readable) =>
        given(prepare.listCalendarFeeds, query)((q) => useCases.list.execute(actor, readable, q)),
      ),
    get: (id) =>
      reading('get')((readable) =>
        forId('calendar feed', id, () => useCases.get.execute(actor, readable, id)),
      ),
    delete: (id) =>
      reading('delete')((readable) =>
        forId('calendar feed', id, () => useCases.delete.execute(actor, readable, id)),
      ),
    regenerate: (id) =>
      reading('regenerate')((readable) =>
        forId('calendar feed', id, () => useCases.regenerate.execute(actor, readable, id)),
      ),
  };
};
