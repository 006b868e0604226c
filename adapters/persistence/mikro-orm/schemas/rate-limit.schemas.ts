import { defineEntity, p } from '@mikro-orm/core';
import { epochMillis } from './column-types.js';

/**
 * One row per rate-limit bucket (`key:<id>` or `addr:<address>`): the window it counts and the hits
 * in it. Used where several instances share the database (PostgreSQL); one upsert per request.
 */
export const RateLimitWindowSchema = defineEntity({
  name: 'RateLimitWindowRecord',
  tableName: 'rate_limit_windows',
  indexes: [{ name: 'rate_limit_windows_start_index', properties: ['windowStart'] }],
  properties: {
    bucket: p.string().length(100).primary(),
    // When the counted window began.
    windowStart: epochMillis().fieldName('window_start'),
    hits: p.integer(),
  },
});
