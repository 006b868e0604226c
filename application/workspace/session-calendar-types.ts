import type { CalendarFeedView, CalendarFeedWithToken } from '../calendar/calendar-feed-view.js';
import type { CreateCalendarFeedError } from '../calendar/create-calendar-feed.use-case.js';
import type {
  CalendarFeedError,
  ListCalendarFeedsError,
} from '../calendar/manage-calendar-feeds.use-case.js';
import type { PageAnswer } from '../shared/paging.js';
import type { SessionInputs } from './input-codecs.js';
import type { GivenInputs } from './inputs.js';
import type { Outcome } from './outcome.js';

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
