import type {
  ClientFields,
  MoneyFields,
  NamedFields,
  NoteFields,
  ProjectFields,
  TimeFields,
} from '../../domain/workspace/records.js';
import type { AuthenticateApiKey } from '../api-keys/authenticate-api-key.use-case.js';
import type { CreateApiKey } from '../api-keys/create-api-key.use-case.js';
import type { ListApiKeys } from '../api-keys/list-api-keys.use-case.js';
import type { RevokeApiKey } from '../api-keys/revoke-api-key.use-case.js';
import type { RotateApiKey } from '../api-keys/rotate-api-key.use-case.js';
import type { RunBatch } from '../batch/run-batch.use-case.js';
import type { CreateCalendarFeed } from '../calendar/create-calendar-feed.use-case.js';
import type {
  DeleteCalendarFeed,
  GetCalendarFeed,
  ListCalendarFeeds,
  RegenerateCalendarFeed,
} from '../calendar/manage-calendar-feeds.use-case.js';
import type { ReadCalendar } from '../calendar/read-calendar.use-case.js';
import type { GetGamificationProfile } from '../gamification/get-gamification-profile.use-case.js';
import type { ExportWorkspace } from '../portability/export-workspace.use-case.js';
import type { ImportWorkspace } from '../portability/import-workspace.use-case.js';
import type {
  MoneyReportKey,
  MoneysFigures,
  TaskReportKey,
  TasksFigures,
  TimeReportKey,
  TimesFigures,
} from '../ports/report-read-model.port.js';
import type { CreateRecord } from '../records/create-record.use-case.js';
import type { RecordUseCases } from '../records/record-use-cases.js';
import type { ReportOf } from '../reports/report.use-case.js';
import type { SyncChanges } from '../sync/sync-changes.use-case.js';
import type { ChangeTaskStatus } from '../tasks/change-task-status.use-case.js';
import type { CreateTask } from '../tasks/create-task.use-case.js';
import type { DeleteTask } from '../tasks/delete-task.use-case.js';
import type { GetTask } from '../tasks/get-task.use-case.js';
import type { GetTaskHistory } from '../tasks/get-task-history.use-case.js';
import type { ListTasks } from '../tasks/list-tasks.use-case.js';
import type { ReplaceTask } from '../tasks/replace-task.use-case.js';
import type { UpdateTask } from '../tasks/update-task.use-case.js';
import type { CreateUser } from '../users/create-user.use-case.js';
import type { DescribeCaller } from '../users/describe-caller.use-case.js';
import type { FindUser, ListUsers } from '../users/find-user.use-case.js';
import type { CreateWebhook } from '../webhooks/create-webhook.use-case.js';
import type { DeleteWebhook } from '../webhooks/delete-webhook.use-case.js';
import type { GetWebhook, ListWebhooks } from '../webhooks/read-webhooks.use-case.js';
import type { RotateWebhookSecret } from '../webhooks/rotate-webhook-secret.use-case.js';
import type { UpdateWebhook } from '../webhooks/update-webhook.use-case.js';
import type { ListDeliveries, RetryDelivery } from '../webhooks/webhook-deliveries.use-case.js';
import type { Decoded } from './input-codecs.js';

/** Every use case of the workspace, grouped by resource: what the composition root builds. */
export interface WorkspaceUseCases {
  readonly tasks: {
    readonly create: CreateTask;
    readonly get: GetTask;
    readonly list: ListTasks;
    readonly update: UpdateTask;
    readonly replace: ReplaceTask;
    readonly changeStatus: ChangeTaskStatus;
    readonly delete: DeleteTask;
    readonly history: GetTaskHistory;
  };
  readonly gamification: { readonly profile: GetGamificationProfile };
  readonly me: { readonly describe: DescribeCaller };
  readonly changes: { readonly since: SyncChanges };
  readonly reports: {
    readonly times: ReportOf<Decoded<'timesReport'>, TimeReportKey, TimesFigures>;
    readonly moneys: ReportOf<Decoded<'moneysReport'>, MoneyReportKey, MoneysFigures>;
    readonly tasks: ReportOf<Decoded<'tasksReport'>, TaskReportKey, TasksFigures>;
  };
  readonly batch: RunBatch;
  readonly webhooks: {
    readonly create: CreateWebhook;
    readonly list: ListWebhooks;
    readonly get: GetWebhook;
    readonly update: UpdateWebhook;
    readonly delete: DeleteWebhook;
    readonly rotateSecret: RotateWebhookSecret;
    readonly deliveries: ListDeliveries;
    readonly retryDelivery: RetryDelivery;
  };
  readonly portability: { readonly export: ExportWorkspace; readonly import: ImportWorkspace };
  readonly calendarFeeds: {
    readonly create: CreateCalendarFeed;
    readonly list: ListCalendarFeeds;
    readonly get: GetCalendarFeed;
    readonly delete: DeleteCalendarFeed;
    readonly regenerate: RegenerateCalendarFeed;
    /** A feed's calendar by the token of its URL: no key. */
    readonly read: ReadCalendar;
  };
  readonly clients: RecordUseCases<
    ClientFields,
    'CLIENT_IN_USE',
    Decoded<'createClient'>,
    Decoded<'listClients'>
  >;
  readonly projects: RecordUseCases<
    ProjectFields,
    'PROJECT_IN_USE',
    Decoded<'createProject'>,
    Decoded<'listProjects'>
  >;
  readonly categories: RecordUseCases<
    NamedFields,
    'CATEGORY_IN_USE',
    Decoded<'createNamed'>,
    Decoded<'listNamed'>
  >;
  readonly cards: RecordUseCases<NamedFields, 'CARD_IN_USE', Decoded<'createNamed'>, Decoded<'listNamed'>>;
  readonly notes: RecordUseCases<NoteFields, never, Decoded<'createNote'>, Decoded<'listNotes'>> & {
    readonly createFromText: CreateRecord<NoteFields, Decoded<'createNoteFromText'>>;
  };
  readonly times: RecordUseCases<TimeFields, never, Decoded<'createTime'>, Decoded<'listTimes'>>;
  readonly moneys: RecordUseCases<MoneyFields, never, Decoded<'createMoney'>, Decoded<'listMoneys'>>;
  readonly users: { readonly create: CreateUser; readonly find: FindUser; readonly list: ListUsers };
  readonly keys: {
    readonly create: CreateApiKey;
    readonly list: ListApiKeys;
    readonly revoke: RevokeApiKey;
    readonly rotate: RotateApiKey;
    readonly authenticate: AuthenticateApiKey;
  };
}
