import * as E from 'fp-ts/lib/Either.js';
import type { Calendar, ReadCalendarError } from '../../../application/calendar/read-calendar.use-case.js';
import type { Closed } from '../../../application/shared/errors.js';
import { isUnchanged, type Unchanged } from '../../../application/shared/list-version.js';
import { listEtag, listVersionIn } from '../conditional.js';
import { toHttpFailure } from '../http-error.js';
import { icalendarOf } from '../presenters/icalendar.presenter.js';
import type { PublicRoute } from '../route.js';

export type ReadCalendarOf = (
  token: string,
  known: string | undefined,
) => Promise<E.Either<ReadCalendarError | Closed, Calendar | Unchanged>>;

const SUFFIX = '.ics';

const CALENDAR_HEADERS = {
  'content-type': 'text/calendar; charset=utf-8',
  'content-disposition': 'inline; filename="calendar.ics"',
  // Private: the URL is a credential, and what it shows is one user's.
  'cache-control': 'private, no-cache',
};

/** A feed's calendar, by the token of its URL: no key, counted against the caller's address. */
export const calendarRoutes = (read: ReadCalendarOf): PublicRoute[] => [
  {
    method: 'GET',
    url: '/v1/calendar/:file',
    doc: {
      tag: 'Calendar feeds',
      operationId: 'calendar.read',
      summary: "A calendar feed's events, as iCalendar",
      description:
        "The URL a calendar feed's create or regenerate answer gave (`/v1/calendar/<token>.ics`): no key, the token is the credential; limited per address as other requests without a key. One VCALENDAR with the owner's VTIMEZONE; each active dated task is a VEVENT (all day when planned at 00:00:00; lasting `time_planned`, or 30 minutes; done tasks' summary starts with `✓ `; cancelled ones `STATUS:CANCELLED`), each dated time record one lasting its `time_really`. A strong ETag; `If-None-Match` with it: 304. A token that names no feed (deleted, regenerated): 404.",
      parameters: [
        {
          name: 'file',
          in: 'path',
          required: true,
          description: "The feed's token, then `.ics`.",
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}\\.ics$' },
        },
      ],
      answer: { status: 200, mediaType: 'text/calendar', description: 'The calendar (RFC 5545).' },
      failures: { 404: ['NOT_FOUND'] },
      etag: true,
    },
    handle: async ({ file = '' }, { ifNoneMatch }) => {
      const token = file.endsWith(SUFFIX) ? file.slice(0, -SUFFIX.length) : '';
      const answer = await read(token, listVersionIn(ifNoneMatch, 'ics'));
      if (E.isLeft(answer)) return toHttpFailure(answer.left);
      const calendar = answer.right;
      const etag = listEtag(calendar.version, 'ics');
      if (isUnchanged(calendar)) return { status: 304, body: undefined, headers: { etag } };
      return {
        status: 200,
        body: icalendarOf(calendar, new Date()),
        headers: { ...CALENDAR_HEADERS, etag },
      };
    },
  },
];
