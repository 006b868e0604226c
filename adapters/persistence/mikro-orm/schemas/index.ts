import { CalendarFeedSchema } from './calendar-feed.schemas.js';
import { ChangeLogSchema, ChangeSequenceSchema } from './change-log.schemas.js';
import {
  AchievementSchema,
  CompletionDaySchema,
  CompletionSchema,
  ProfileSchema,
} from './gamification.schemas.js';
import { IdempotencyKeySchema } from './idempotency.schemas.js';
import { MoneySchema, NoteSchema, TimeSchema } from './linked-record.schemas.js';
import { OwnerRowCountSchema } from './owner-row-count.schemas.js';
import { RateLimitWindowSchema } from './rate-limit.schemas.js';
import { TaskHistorySchema, TaskNumberSchema, TaskSchema } from './task.schemas.js';
import { ApiKeySchema, UserSchema } from './user.schemas.js';
import { WebhookAttemptSchema, WebhookDeliverySchema, WebhookSchema } from './webhook.schemas.js';
import { CardSchema, CategorySchema, ClientSchema, ProjectSchema } from './workspace.schemas.js';

export const ALL_SCHEMAS = [
  UserSchema,
  ApiKeySchema,
  ClientSchema,
  ProjectSchema,
  CategorySchema,
  TaskSchema,
  TaskNumberSchema,
  TaskHistorySchema,
  ProfileSchema,
  AchievementSchema,
  CompletionSchema,
  CompletionDaySchema,
  CardSchema,
  NoteSchema,
  TimeSchema,
  MoneySchema,
  RateLimitWindowSchema,
  IdempotencyKeySchema,
  OwnerRowCountSchema,
  ChangeLogSchema,
  ChangeSequenceSchema,
  WebhookSchema,
  WebhookDeliverySchema,
  WebhookAttemptSchema,
  CalendarFeedSchema,
] as const;

/** SQLite numbers the change log from its own last entry (change-log-writer.ts): no sequence table. */
export const SQLITE_SCHEMAS = ALL_SCHEMAS.filter((schema) => schema !== ChangeSequenceSchema);
