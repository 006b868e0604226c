import {
  createCalendarFeedInput,
  listCalendarFeedsInput,
} from '../../../application/calendar/calendar-feed.codecs.js';
import type { CalendarFeedWithToken } from '../../../application/calendar/calendar-feed-view.js';
import { FEED_CONTENTS } from '../../../domain/calendar/calendar-feed.js';
import { pagination, success } from '../envelope.js';
import {
  closedObject,
  DELETED,
  EXAMPLE_PAGINATION,
  ID,
  PAGINATION,
  SERVER_INSTANT,
  titled,
} from '../openapi/response-schemas.js';
import { calendarPath, presentCalendarFeed } from '../presenters/calendar-feed.presenter.js';
import { type ApiRequest, type Reply, type Route, respond, withInput, withPathId } from '../route.js';
import { wireBody, wireQuery } from '../wire/wire-codecs.js';

const FEED_PROPERTIES = {
  id: ID,
  name: { type: 'string' },
  include: {
    type: 'array',
    items: { type: 'string', enum: [...FEED_CONTENTS] },
    description: 'What the feed shows: dated tasks, time records, or both.',
  },
  project_id: { type: ['integer', 'null'], description: 'Only records of this project, when set.' },
  client_id: { type: ['integer', 'null'], description: 'Only records of this client, when set.' },
  created_at: SERVER_INSTANT,
};
const FEED = titled('CalendarFeed', closedObject(FEED_PROPERTIES));
const FEED_WITH_URL = titled(
  'CalendarFeedWithUrl',
  closedObject({
    ...FEED_PROPERTIES,
    url: {
      type: ['string', 'null'],
      description:
        'The calendar to subscribe to: shown in this answer only (null when an `Idempotency-Key` replays it). Its token is the credential; only its digest is stored.',
    },
  }),
);

const EXAMPLE_FEED = {
  id: 2,
  name: 'Work',
  include: ['tasks', 'times'],
  project_id: null,
  client_id: 7,
  created_at: '2026-11-29 10:00:00',
};
const EXAMPLE_URL =
  'https://workspace.example.com/v1/calendar/Qm9xZXMgYW5kIGJveGVzIGFuZCBib3hlcyBhbmQgYm94ZXM.ics';

const feedBody = wireBody(createCalendarFeedInput);
const feedsQuery = wireQuery(listCalendarFeedsInput);

const one = (status: number, feed: unknown): Reply => ({ status, body: success({ feed }) });

/** The feed with its URL (absolute when the request's origin is known), shown in this answer only. */
const withUrl = (status: number, request: ApiRequest, { feed, token }: CalendarFeedWithToken): Reply => {
  const url = `${request.origin ?? ''}${calendarPath(token)}`;
  return { ...one(status, presentCalendarFeed(feed, url)), shownOnce: [url] };
};

const answerWithUrl = (status: number) => ({
  status,
  data: closedObject({ feed: FEED_WITH_URL }),
  example: { feed: { ...EXAMPLE_FEED, url: EXAMPLE_URL } },
});

const SCOPES =
  'Managing a feed needs the `:read` scope of each resource it includes (`tasks:read`, `times:read`): a feed shows no more than its manager may read.';

export const calendarFeedRoutes: readonly Route[] = [
  {
    method: 'POST',
    url: '/v1/calendar-feeds',
    operation: { group: 'calendarFeeds', name: 'create' },
    doc: {
      tag: 'Calendar feeds',
      summary: 'Make a calendar feed',
      description: `A subscribable iCalendar URL of the owner's dated tasks (\`include\`: \`tasks\`, the default), time records (\`times\`) or both, optionally only those of one project or client. The answer is the only one that shows \`url\`. ${SCOPES} A user holds at most 25 feeds: past that, 409 \`CALENDAR_FEED_LIMIT_REACHED\`.`,
      body: feedBody,
      bodyExample: { name: 'Work', include: ['tasks', 'times'] },
      answer: { ...answerWithUrl(201), location: true },
    },
    handle: (request) =>
      withInput(feedBody, request.body, (input) =>
        respond(request.session.calendarFeeds.create(input), (created) => ({
          ...withUrl(201, request, created),
          headers: { location: `/v1/calendar-feeds/${created.feed.id}` },
        })),
      ),
  },
  {
    method: 'GET',
    url: '/v1/calendar-feeds',
    operation: { group: 'calendarFeeds', name: 'list' },
    doc: {
      tag: 'Calendar feeds',
      summary: 'List calendar feeds',
      description: `The owner's feeds this key may manage, oldest first (never their URLs), paged as every list. ${SCOPES}`,
      query: feedsQuery,
      answer: {
        status: 200,
        data: closedObject({ feeds: { type: 'array', items: FEED }, pagination: PAGINATION }),
        example: { feeds: [EXAMPLE_FEED], pagination: EXAMPLE_PAGINATION },
      },
    },
    handle: ({ session, query }) =>
      withInput(feedsQuery, query, (page) =>
        respond(session.calendarFeeds.list(page), (feeds) => ({
          status: 200,
          body: success({
            feeds: feeds.items.map((feed) => presentCalendarFeed(feed)),
            pagination: pagination(feeds),
          }),
        })),
      ),
  },
  {
    method: 'GET',
    url: '/v1/calendar-feeds/:id',
    operation: { group: 'calendarFeeds', name: 'get' },
    doc: {
      tag: 'Calendar feeds',
      summary: 'Get a calendar feed',
      description: SCOPES,
      answer: { status: 200, data: closedObject({ feed: FEED }), example: { feed: EXAMPLE_FEED } },
    },
    handle: withPathId('calendar feed', (id, { session }) =>
      respond(session.calendarFeeds.get(id), (feed) => one(200, presentCalendarFeed(feed))),
    ),
  },
  {
    method: 'DELETE',
    url: '/v1/calendar-feeds/:id',
    operation: { group: 'calendarFeeds', name: 'delete' },
    doc: {
      tag: 'Calendar feeds',
      summary: 'Delete a calendar feed',
      description: `Its URL answers 404 from now on. ${SCOPES}`,
      answer: { status: 200, data: DELETED, example: { deleted: true, id: 2 } },
    },
    handle: withPathId('calendar feed', (id, { session }) =>
      respond(session.calendarFeeds.delete(id), (deleted) => ({
        status: 200,
        body: success({ deleted: true, id: deleted.id }),
      })),
    ),
  },
  {
    method: 'POST',
    url: '/v1/calendar-feeds/:id/regenerate',
    operation: { group: 'calendarFeeds', name: 'regenerate' },
    doc: {
      tag: 'Calendar feeds',
      summary: 'Give a calendar feed a new URL',
      description: `For a URL that leaked: the answer shows the new \`url\`, and the old one answers 404 from now on. ${SCOPES}`,
      answer: answerWithUrl(200),
    },
    handle: withPathId('calendar feed', (id, request) =>
      respond(request.session.calendarFeeds.regenerate(id), (regenerated) =>
        withUrl(200, request, regenerated),
      ),
    ),
  },
];
