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

/**
 * Every table's definition. Named one by one in the type too: declarations then refer to each
 * schema by name instead of spelling all of them out, which the compiler refuses past a size.
 */
export type TableSchema =
  | typeof UserSchema
  | typeof ApiKeySchema
  | typeof ClientSchema
  | typeof ProjectSchema
  | typeof CategorySchema
  | typeof TaskSchema
  | typeof TaskNumberSchema
  | typeof TaskHistorySchema
  | typeof ProfileSchema
  | typeof AchievementSchema
  | typeof CompletionSchema
  | typeof CompletionDaySchema
  | typeof CardSchema
  | typeof NoteSchema
  | typeof TimeSchema
  | typeof MoneySchema
  | typeof RateLimitWindowSchema
  | typeof IdempotencyKeySchema
  | typeof OwnerRowCountSchema
  | typeof ChangeLogSchema
  | typeof ChangeSequenceSchema
  | typeof WebhookSchema
  | typeof WebhookDeliverySchema
  | typeof WebhookAttemptSchema
  | typeof CalendarFeedSchema;

const LISTED = [
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
] as const satisfies readonly TableSchema[];

/** A schema named in `TableSchema` but left out of the list does not compile. */
type Unlisted = Exclude<TableSchema, (typeof LISTED)[number]>;
const everyOneListed: [Unlisted] extends [never] ? true : never = true;
void everyOneListed;

export const ALL_SCHEMAS: readonly TableSchema[] = LISTED;

/** SQLite numbers the change log from its own last entry (change-log-writer.ts): no sequence table. */
export const SQLITE_SCHEMAS: readonly TableSchema[] = ALL_SCHEMAS.filter(
  (schema) => schema !== ChangeSequenceSchema,
);
