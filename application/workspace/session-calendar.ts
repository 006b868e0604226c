import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { FeedContent } from '../../domain/calendar/calendar-feed.js';
import type { Actor } from '../shared/actor.js';
import type { Admit } from './admission.js';
import type { Preparers, SessionInputs } from './input-codecs.js';
import { FEED_GROUP, FEED_RESOURCES } from './scope-policy.js';
import { admitReading, forId, given } from './session-binding.js';
import type { CalendarFeedOperations } from './session-calendar-types.js';
import type { Outcome } from './session-types.js';
import type { WorkspaceUseCases } from './use-cases.js';

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
