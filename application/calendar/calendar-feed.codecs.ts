import type * as t from 'io-ts';
import {
  FEED_CONTENTS,
  FEED_NAME_MAX_LENGTH,
  type FeedContent,
  feedContents,
} from '../../domain/calendar/calendar-feed.js';
import { FieldCodec, nullable, object } from '../shared/codecs.js';
import { recordId, requiredName } from '../shared/fields.js';
import { pageParams } from '../shared/paging.js';
import { problem } from '../shared/validation-detail.js';

const isFeedContent = (value: unknown): value is FeedContent =>
  FEED_CONTENTS.some((content) => content === value);

/** What a feed shows: `["tasks"]`, `["times"]` or both, decoded without repeats in one order. */
const include = new FieldCodec<readonly FeedContent[], readonly unknown[]>(
  'CalendarFeedInclude',
  {
    type: 'array',
    items: { type: 'string', enum: [...FEED_CONTENTS] },
    minItems: 1,
    description: 'What the feed shows: dated tasks, time records, or both (default ["tasks"])',
  },
  (value) => {
    if (value.length === 0) return problem('OUT_OF_RANGE', 'must name "tasks", "times" or both');
    if (!value.every(isFeedContent)) return problem('OUT_OF_RANGE', 'may hold only "tasks" and "times"');
    return feedContents(value);
  },
);

export const createCalendarFeedInput = object(
  'CreateCalendarFeedInput',
  {
    name: requiredName('CalendarFeedName', FEED_NAME_MAX_LENGTH),
    include,
    projectId: nullable(recordId('ProjectId', 'Only records of this project')),
    clientId: nullable(recordId('ClientId', 'Only records of this client')),
  },
  { required: ['name'] },
);
export type CreateCalendarFeedBody = t.TypeOf<typeof createCalendarFeedInput>;

/** A page of the caller's feeds, oldest first. */
export const listCalendarFeedsInput = object('ListCalendarFeedsInput', pageParams, {
  unknownCode: 'UNKNOWN_PARAMETER',
});
export type CalendarFeedPageBody = t.TypeOf<typeof listCalendarFeedsInput>;
