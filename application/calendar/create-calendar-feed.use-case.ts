import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { type FeedContent, MAX_FEEDS_PER_USER } from '../../domain/calendar/calendar-feed.js';
import type { FeedTokens } from '../ports/calendar-feed.repository.js';
import type { Clock } from '../ports/clock.port.js';
import type { ReferenceLookup } from '../ports/reference-lookup.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import {
  type Conflict,
  conflict,
  type InfrastructureError,
  type InsufficientScope,
  type InvalidReference,
  invalidReference,
  type ValidationFailed,
} from '../shared/errors.js';
import { notYours } from '../shared/resolve-references.js';
import type { ValidationDetail } from '../shared/validation-detail.js';
import type { CreateCalendarFeedBody } from './calendar-feed.codecs.js';
import { type CalendarFeedWithToken, feedRefusal, feedView } from './calendar-feed-view.js';

export type CreateCalendarFeedError =
  | InsufficientScope
  | InvalidReference
  | ValidationFailed
  | Conflict<'CALENDAR_FEED_LIMIT_REACHED'>
  | InfrastructureError;

const DEFAULT_INCLUDE: readonly FeedContent[] = ['tasks'];

/** The problems of the project and client a feed is narrowed to that are not the owner's. */
const missingReferences = async (
  references: ReferenceLookup,
  userId: number,
  body: CreateCalendarFeedBody,
): Promise<ValidationDetail[]> => {
  const problems: ValidationDetail[] = [];
  if (body.projectId != null && (await references.project(userId, body.projectId)) === null)
    problems.push(notYours('projectId'));
  if (body.clientId != null && !(await references.client(userId, body.clientId)))
    problems.push(notYours('clientId'));
  return problems;
};

/** Makes a feed of what the caller may read, and the one answer that shows its token. */
export class CreateCalendarFeed {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tokens: FeedTokens,
    private readonly clock: Clock,
  ) {}

  execute(
    actor: Actor,
    readable: readonly FeedContent[],
    body: CreateCalendarFeedBody,
  ): TE.TaskEither<CreateCalendarFeedError, CalendarFeedWithToken> {
    const include = body.include ?? DEFAULT_INCLUDE;
    const refusal = feedRefusal(include, readable);
    return pipe(
      refusal === null
        ? TE.right(include)
        : TE.left<CreateCalendarFeedError, readonly FeedContent[]>(refusal),
      TE.flatMap((include) =>
        this.unitOfWork.run(
          async (repositories): Promise<E.Either<CreateCalendarFeedError, CalendarFeedWithToken>> => {
            const problems = await missingReferences(repositories.references, actor.userId, body);
            if (problems.length > 0) return E.left(invalidReference(problems));
            const held = await repositories.calendarFeeds.listOf(actor.userId);
            if (held.length >= MAX_FEEDS_PER_USER)
              return E.left(
                conflict(
                  'CALENDAR_FEED_LIMIT_REACHED',
                  `A user may hold at most ${MAX_FEEDS_PER_USER} calendar feeds; delete one first.`,
                ),
              );
            const { token, digest } = this.tokens.generate();
            const feed = await repositories.calendarFeeds.add({
              userId: actor.userId,
              name: body.name,
              include,
              projectId: body.projectId ?? null,
              clientId: body.clientId ?? null,
              tokenDigest: digest,
              createdAt: this.clock.now(),
            });
            return E.right({ feed: feedView(feed), token });
          },
        ),
      ),
    );
  }
}
