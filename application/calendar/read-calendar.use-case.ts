import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import { type CalendarEvent, isDated, taskEvent, timeEvent } from '../../domain/calendar/calendar-event.js';
import type { CalendarFeed } from '../../domain/calendar/calendar-feed.js';
import { type LocalDate, spellDay } from '../../domain/shared/local-date-time.js';
import type { TimeZone } from '../../domain/shared/time-zone.js';
import type { FeedTokens } from '../ports/calendar-feed.repository.js';
import type { ChangeLogReader } from '../ports/change-log.port.js';
import type { CurrentRecords } from '../ports/current-records.port.js';
import type { Page, Paged, SeekKey } from '../ports/paging.js';
import type { RecordReadModel } from '../ports/record-read-model.port.js';
import type { TaskReadModel } from '../ports/task-read-model.port.js';
import type { UnitOfWork } from '../ports/unit-of-work.port.js';
import { checksumOf } from '../shared/checksum.js';
import { type InfrastructureError, type NotFound, notFound } from '../shared/errors.js';
import type { Unchanged } from '../shared/list-version.js';
import { query } from '../shared/read.js';

/** A feed's calendar as its owner's data shows it now, with the version it was read at. */
export interface Calendar {
  readonly name: string;
  /** The owner's timezone: every event's wall-clock time is in it. */
  readonly timezone: TimeZone;
  readonly events: readonly CalendarEvent[];
  readonly version: string;
}

export type ReadCalendarError = NotFound | InfrastructureError;

/** Every dated record: the earliest day a date can name. */
const EVER: LocalDate = spellDay(1, 1, 1);
/** Records read per statement while a calendar is gathered. */
const BATCH = 1_000;

/** Bumped when the events made of the same records change (a new property, another rule). */
const EVENT_SHAPE = 1;

/** Every item of a list read page after page by its keys. */
const everyItem = async <T>(read: (page: Page) => Promise<Paged<T>>): Promise<T[]> => {
  const items: T[] = [];
  let after: SeekKey | undefined;
  for (;;) {
    const page = await read({
      limit: BATCH,
      offset: 0,
      count: false,
      ...(after === undefined ? {} : { after }),
    });
    items.push(...page.items);
    if (page.next === null) return items;
    after = page.next;
  }
};

/**
 * A feed's calendar, found by the token of its URL (the token is the credential: no key). Its
 * version moves with every change the owner can see, so a calendar app polling with If-None-Match
 * gets the events only when they changed.
 */
export class ReadCalendar {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tokens: FeedTokens,
    private readonly changeLog: ChangeLogReader,
    private readonly tasks: TaskReadModel,
    private readonly records: RecordReadModel,
    private readonly current: CurrentRecords,
  ) {}

  execute(token: string, known?: string): TE.TaskEither<ReadCalendarError, Calendar | Unchanged> {
    if (!this.tokens.wellFormed(token)) return TE.left(notFound('calendar feed'));
    return pipe(
      this.unitOfWork.run(async (repositories) => {
        const feed = await repositories.calendarFeeds.findByDigest(this.tokens.digest(token));
        const owner = feed === null ? null : await repositories.users.findById(feed.userId);
        return feed === null || owner === null
          ? E.left(notFound('calendar feed'))
          : E.right({ feed, timezone: owner.timezone });
      }),
      TE.flatMap(({ feed, timezone }) =>
        query(async (): Promise<Calendar | Unchanged> => {
          const seq = await this.changeLog.latestSeq(feed.userId);
          const version = `${seq}-${checksumOf([EVENT_SHAPE, feed.id, feed.name, feed.include, timezone])}`;
          if (version === known) return { unchanged: true, version };
          return { name: feed.name, timezone, events: await this.eventsOf(feed), version };
        }),
      ),
    );
  }

  private async eventsOf(feed: CalendarFeed): Promise<CalendarEvent[]> {
    const narrowed = {
      ...(feed.projectId === null ? {} : { projectId: feed.projectId }),
      ...(feed.clientId === null ? {} : { clientId: feed.clientId }),
    };
    const filters = { ...narrowed, dateFrom: EVER };
    const events: CalendarEvent[] = [];
    if (feed.include.includes('tasks'))
      events.push(...(await this.tasks.calendar(feed.userId, narrowed)).map(taskEvent));
    if (feed.include.includes('times')) {
      const times = (
        await everyItem((page) => this.records.times(feed.userId, { ...filters, ...page }))
      ).filter(isDated);
      const taskIds = [...new Set(times.flatMap((time) => (time.taskId === null ? [] : [time.taskId])))];
      const titles = new Map(
        (await this.current.visible(feed.userId, 'tasks', taskIds)).map((task) => [task.id, task.title]),
      );
      events.push(
        ...times.map((time) =>
          timeEvent(time, time.taskId === null ? null : (titles.get(time.taskId) ?? null)),
        ),
      );
    }
    return events;
  }
}
