/**
 * The library's public entry point (`import … from 'workspace-api'`): open a workspace, then act as
 * a user or authenticate a user's key. Everything a host needs to type its calls is exported here;
 * nothing else in the package is public.
 */

export type { QueryObserver, QuerySample } from '../adapters/persistence/query-observer.js';
export type { CreatedApiKey } from '../application/api-keys/create-api-key.use-case.js';
export type { RotatedApiKey } from '../application/api-keys/rotate-api-key.use-case.js';
export type { ProfileView } from '../application/gamification/get-gamification-profile.use-case.js';
export type { ChangeOperation, ChangeResource } from '../application/ports/change-log.port.js';
export type { Clock } from '../application/ports/clock.port.js';
export type { RecordPage } from '../application/records/list-records.use-case.js';
export type { InputOf } from '../application/shared/codecs.js';
export type {
  AppError,
  Closed,
  Conflict,
  InfrastructureError,
  InsufficientScope,
  InvalidReference,
  InvalidSyncToken,
  NotFound,
  NotTaskOwner,
  PreconditionFailed,
  SyncTokenExpired,
  Unauthenticated,
  Unavailable,
  Unexpected,
  UnknownUser,
  ValidationCode,
  ValidationFailed,
} from '../application/shared/errors.js';
export type { Precondition } from '../application/shared/precondition.js';
export type { DetailCode, ValidationDetail } from '../application/shared/validation-detail.js';
export type { SyncError, SyncedChange, SyncPage } from '../application/sync/sync-changes.use-case.js';
export type { StatusOutcome } from '../application/tasks/change-task-status.use-case.js';
export type { EditOutcome } from '../application/tasks/edit-task.js';
export type { HistoryPage } from '../application/tasks/get-task-history.use-case.js';
export type { TaskList } from '../application/tasks/list-tasks.use-case.js';
export type * from '../application/workspace/inputs.js';
export type { Outcome, RecordOperations, Session, TaskOperations } from '../application/workspace/session.js';
export { unwrap, WorkspaceError } from '../application/workspace/unwrap.js';
export type { KeySession, UserSession, Workspace } from '../application/workspace/workspace.js';
export type { ApiKeyInfo } from '../domain/api-key/api-key.js';
export type { Scope } from '../domain/api-key/scope.js';
export { ALL_SCOPES } from '../domain/api-key/scope.js';
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
export { openWorkspace, type WorkspaceOptions } from './workspace.js';
