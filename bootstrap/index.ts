/**
 * The library's public entry point (`import … from 'workspace-api'`): open a workspace, then act as
 * a user or authenticate a user's key. Everything a host needs to type its calls is exported here;
 * nothing else in the package is public.
 */

/** An export document as text (`session.workspace.export()`), and one read back for `session.workspace.import()`. */
export { exportDocument } from '../adapters/http/presenters/export-document.js';
export { readImportDocument } from '../adapters/http/wire/import-document.js';
export type { QueryObserver, QuerySample } from '../adapters/persistence/query-observer.js';
export type {
  CreateApiKeyError,
  CreatedApiKey,
} from '../application/api-keys/create-api-key.use-case.js';
export type { ListApiKeysError } from '../application/api-keys/list-api-keys.use-case.js';
export type { RevokeApiKeyError } from '../application/api-keys/revoke-api-key.use-case.js';
export type { RotateApiKeyError, RotatedApiKey } from '../application/api-keys/rotate-api-key.use-case.js';
export type { CalendarFeedView, CalendarFeedWithToken } from '../application/calendar/calendar-feed-view.js';
export type { CreateCalendarFeedError } from '../application/calendar/create-calendar-feed.use-case.js';
export type {
  CalendarFeedError,
  ListCalendarFeedsError,
} from '../application/calendar/manage-calendar-feeds.use-case.js';
export type { Calendar, ReadCalendarError } from '../application/calendar/read-calendar.use-case.js';
export type { ProfileView } from '../application/gamification/get-gamification-profile.use-case.js';
export type {
  ImportDocument,
  ImportSummary,
  ImportWarning,
} from '../application/portability/import-document.js';
export type { ImportWorkspaceError } from '../application/portability/import-workspace.use-case.js';
export type { ChangeOperation, ChangeResource } from '../application/ports/change-log.port.js';
export type { Clock } from '../application/ports/clock.port.js';
export type {
  Group,
  GroupKey,
  MoneysFigures,
  TasksFigures,
  TimesFigures,
} from '../application/ports/report-read-model.port.js';
export type { CreateRecordError } from '../application/records/create-record.use-case.js';
export type { DeleteRecordError } from '../application/records/delete-record.use-case.js';
export type { GetRecordError } from '../application/records/get-record.use-case.js';
export type { ListRecordsError, RecordPage } from '../application/records/list-records.use-case.js';
export type { UpdateRecordError } from '../application/records/update-record.use-case.js';
export type {
  MoneysReport,
  Report,
  ReportError,
  TasksReport,
  TimesReport,
} from '../application/reports/report.use-case.js';
export type { InputOf } from '../application/shared/codecs.js';
export type {
  AppError,
  Closed,
  Conflict,
  InfrastructureError,
  InsufficientScope,
  InvalidCursor,
  InvalidReference,
  InvalidSyncToken,
  NotFound,
  NotTaskOwner,
  PreconditionFailed,
  ReportTooLarge,
  SyncTokenExpired,
  Unauthenticated,
  Unavailable,
  Unexpected,
  UnknownUser,
  UnreadableDocument,
  ValidationCode,
  ValidationFailed,
} from '../application/shared/errors.js';
export type { Unchanged, Versioned } from '../application/shared/list-version.js';
export type { Precondition } from '../application/shared/precondition.js';
export type { DetailCode, ValidationDetail } from '../application/shared/validation-detail.js';
export type { SyncError, SyncedChange, SyncPage } from '../application/sync/sync-changes.use-case.js';
export type {
  ChangeTaskStatusError,
  StatusOutcome,
} from '../application/tasks/change-task-status.use-case.js';
export type { CreateTaskError } from '../application/tasks/create-task.use-case.js';
export type { DeleteTaskError } from '../application/tasks/delete-task.use-case.js';
export type { EditOutcome } from '../application/tasks/edit-task.js';
export type { GetTaskError } from '../application/tasks/get-task.use-case.js';
export type { GetTaskHistoryError, HistoryPage } from '../application/tasks/get-task-history.use-case.js';
export type { ListTasksError, TaskList } from '../application/tasks/list-tasks.use-case.js';
export type { ReplaceTaskError } from '../application/tasks/replace-task.use-case.js';
export type { UpdateTaskError } from '../application/tasks/update-task.use-case.js';
export type { CreateUserError } from '../application/users/create-user.use-case.js';
export type { Caller, DescribeCallerError } from '../application/users/describe-caller.use-case.js';
export type { FindUserError } from '../application/users/find-user.use-case.js';
export type { CreateWebhookError } from '../application/webhooks/create-webhook.use-case.js';
export type { DeleteWebhookError } from '../application/webhooks/delete-webhook.use-case.js';
export type { GetWebhookError } from '../application/webhooks/read-webhooks.use-case.js';
export type { RotateWebhookSecretError } from '../application/webhooks/rotate-webhook-secret.use-case.js';
export type { UpdateWebhookError } from '../application/webhooks/update-webhook.use-case.js';
export type {
  DeliveryView,
  ListDeliveriesError,
  RetryDeliveryError,
} from '../application/webhooks/webhook-deliveries.use-case.js';
export type { WebhookView, WebhookWithSecret } from '../application/webhooks/webhook-view.js';
export type * from '../application/workspace/inputs.js';
export type { CalendarFeedOperations } from '../application/workspace/session-calendar-types.js';
export type {
  Outcome,
  RecordOperations,
  Session,
  TaskOperations,
} from '../application/workspace/session-types.js';
export type { WebhookOperations } from '../application/workspace/session-webhook-types.js';
export { unwrap, WorkspaceError } from '../application/workspace/unwrap.js';
export type {
  KeySession,
  KeySessionRefusal,
  UserSession,
  Workspace,
} from '../application/workspace/workspace.js';
export type { ApiKeyInfo } from '../domain/api-key/api-key.js';
export type { Scope } from '../domain/api-key/scope.js';
export { ALL_SCOPES } from '../domain/api-key/scope.js';
export type { CalendarEvent } from '../domain/calendar/calendar-event.js';
export type { AchievementCode } from '../domain/gamification/achievements.js';
export type { GamificationFeedback } from '../domain/gamification/scoring.js';
export type { Duration } from '../domain/shared/duration.js';
export type { LocalDate, LocalDateTime, ZonedDateTime } from '../domain/shared/local-date-time.js';
export type { Money } from '../domain/shared/money.js';
export type { StatusHistoryEntry } from '../domain/task/status-change.js';
export type { Task, TaskId, UserId } from '../domain/task/task.js';
export { TASK_PRIORITIES, TaskPriority } from '../domain/task/task-priority.js';
export { TASK_STATUSES, TaskStatus } from '../domain/task/task-status.js';
export type { TaskTitle } from '../domain/task/task-title.js';
export type { User } from '../domain/user/user.js';
export type {
  Card,
  Category,
  Client,
  MoneyRecord,
  Note,
  Project,
  RecordType,
  TimeRecord,
} from '../domain/workspace/records.js';
export { MONEY_TYPES, MoneyType, RECORD_TYPES } from '../domain/workspace/records.js';
export type { ConnectRetry } from './connect-retry.js';
export { StartupError } from './startup-error.js';
export { openWorkspace, type WebhookOptions, type WorkspaceOptions } from './workspace.js';
