import { defineEntity, p } from '@mikro-orm/core';
import type { InferKyselyTable } from '@mikro-orm/sql';
import type { Selectable } from 'kysely';
import {
  type CalendarFeed,
  FEED_CONTENTS,
  type NewCalendarFeed,
} from '../../../../domain/calendar/calendar-feed.js';
import { instant } from '../typed-values.js';
import { epochMillis } from './column-types.js';

/** A calendar feed (domain `CalendarFeed`); `include` is a comma list, the token kept as its digest. */
export const CalendarFeedSchema = defineEntity({
  name: 'CalendarFeedRecord',
  tableName: 'calendar_feeds',
  indexes: [{ name: 'calendar_feeds_user_id_index', properties: ['userId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: p.integer().fieldName('user_id'),
    name: p.string().length(200),
    include: p.string().length(16),
    projectId: p.integer().fieldName('project_id').nullable(),
    clientId: p.integer().fieldName('client_id').nullable(),
    tokenDigest: p.string().length(64).fieldName('token_digest').unique('calendar_feeds_token_digest_unique'),
    createdAt: epochMillis().fieldName('created_at'),
  },
});

export const calendarFeedOf = (
  row: Selectable<InferKyselyTable<typeof CalendarFeedSchema>>,
): CalendarFeed => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  include: FEED_CONTENTS.filter((content) => row.include.split(',').includes(content)),
  projectId: row.project_id,
  clientId: row.client_id,
  tokenDigest: row.token_digest,
  createdAt: instant(row.created_at),
});

export const calendarFeedRow = (feed: NewCalendarFeed) => ({
  user_id: feed.userId,
  name: feed.name,
  include: feed.include.join(','),
  project_id: feed.projectId,
  client_id: feed.clientId,
  token_digest: feed.tokenDigest,
  created_at: feed.createdAt.getTime(),
});
