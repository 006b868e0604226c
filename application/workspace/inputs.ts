import type { Task } from '../../domain/task/task.js';
import type {
  Category,
  Client,
  MoneyRecord,
  Note,
  Project,
  TimeRecord,
} from '../../domain/workspace/records.js';
import type { createCalendarFeedInput, listCalendarFeedsInput } from '../calendar/calendar-feed.codecs.js';
import type { createClientInput, updateClientInput } from '../records/kinds/client.kind.js';
import type { createMoneyInput, updateMoneyInput } from '../records/kinds/money.kind.js';
import type { createNamedInput, updateNamedInput } from '../records/kinds/named.kind.js';
import type {
  createNoteFromTextInput,
  createNoteInput,
  updateNoteInput,
} from '../records/kinds/note.kind.js';
import type { createProjectInput, updateProjectInput } from '../records/kinds/project.kind.js';
import type { createTimeInput, updateTimeInput } from '../records/kinds/time.kind.js';
import type {
  listClientsInput,
  listMoneysInput,
  listNamedInput,
  listNotesInput,
  listProjectsInput,
  listTimesInput,
} from '../records/list-queries.js';
import type { RECORD_READ_ONLY_FIELDS } from '../records/record-fields.js';
import type { moneysReportInput, tasksReportInput, timesReportInput } from '../reports/report.codecs.js';
import type { InputOf } from '../shared/codecs.js';
import type { syncInput } from '../sync/sync.codecs.js';
import type {
  changeStatusInput,
  createTaskInput,
  listTasksInput,
  pageInput,
  replaceTaskInput,
  TASK_READ_ONLY_FIELDS,
  updateTaskInput,
} from '../tasks/task.codecs.js';
import type {
  createWebhookInput,
  deliveriesInput,
  listWebhooksInput,
  updateWebhookInput,
} from '../webhooks/webhook.codecs.js';

/**
 * What a host passes to each operation of a session, by name (issue 32, item 9): a host types its
 * own values with these, and hovers and compile errors name them instead of the codecs behind them.
 * Each is what the operation's io-ts codec accepts, so a host's value is checked at compile time and
 * again, as HTTP's, at run time.
 */

/**
 * An input that may also carry the record's read-only fields, typed as the record has them (and
 * ignored), so get → edit → replace compiles and a field of another type does not.
 */
type Echoing<I, R, K extends keyof R> = I & { readonly [P in K]?: R[P] | undefined };
type TaskInput<C> = Echoing<InputOf<C>, Task, (typeof TASK_READ_ONLY_FIELDS)[number]>;
type RecordReadOnly = (typeof RECORD_READ_ONLY_FIELDS)[number];
type RecordInput<C, R extends Record<RecordReadOnly, unknown>> = Echoing<InputOf<C>, R, RecordReadOnly>;

export type CreateTaskInput = TaskInput<typeof createTaskInput>;
export type UpdateTaskInput = TaskInput<typeof updateTaskInput>;
export type ReplaceTaskInput = TaskInput<typeof replaceTaskInput>;
export type ListTasksQuery = InputOf<typeof listTasksInput>;
/** A page of a task's history: `limit`, and `offset` or `cursor`. */
export type PageQuery = InputOf<typeof pageInput>;
export type SyncQuery = InputOf<typeof syncInput>;

export type CreateClientInput = RecordInput<typeof createClientInput, Client>;
export type UpdateClientInput = RecordInput<typeof updateClientInput, Client>;
export type ListClientsQuery = InputOf<typeof listClientsInput>;
export type CreateProjectInput = RecordInput<typeof createProjectInput, Project>;
export type UpdateProjectInput = RecordInput<typeof updateProjectInput, Project>;
export type ListProjectsQuery = InputOf<typeof listProjectsInput>;
/** Categories and cards take the same fields: a name and a description. */
export type CreateNamedInput = RecordInput<typeof createNamedInput, Category>;
export type UpdateNamedInput = RecordInput<typeof updateNamedInput, Category>;
export type ListNamedQuery = InputOf<typeof listNamedInput>;
export type CreateNoteInput = RecordInput<typeof createNoteInput, Note>;
export type CreateNoteFromTextInput = RecordInput<typeof createNoteFromTextInput, Note>;
export type UpdateNoteInput = RecordInput<typeof updateNoteInput, Note>;
export type ListNotesQuery = InputOf<typeof listNotesInput>;
export type CreateTimeInput = RecordInput<typeof createTimeInput, TimeRecord>;
export type UpdateTimeInput = RecordInput<typeof updateTimeInput, TimeRecord>;
export type ListTimesQuery = InputOf<typeof listTimesInput>;
export type CreateMoneyInput = RecordInput<typeof createMoneyInput, MoneyRecord>;
export type UpdateMoneyInput = RecordInput<typeof updateMoneyInput, MoneyRecord>;
export type ListMoneysQuery = InputOf<typeof listMoneysInput>;

/** A times report's filters (those of the times list) and `groupBy`, e.g. `'client,month'`. */
export type TimesReportQuery = InputOf<typeof timesReportInput>;
/** A money report's filters (those of the money list) and `groupBy`. */
export type MoneysReportQuery = InputOf<typeof moneysReportInput>;
/** A tasks report's filters (those of the task list) and `groupBy`. */
export type TasksReportQuery = InputOf<typeof tasksReportInput>;

export type CreateCalendarFeedInput = InputOf<typeof createCalendarFeedInput>;
export type ListCalendarFeedsQuery = InputOf<typeof listCalendarFeedsInput>;

export type CreateWebhookInput = InputOf<typeof createWebhookInput>;
export type UpdateWebhookInput = InputOf<typeof updateWebhookInput>;
export type DeliveriesQuery = InputOf<typeof deliveriesInput>;
export type ListWebhooksQuery = InputOf<typeof listWebhooksInput>;

/** What a host passes to each operation, by input name (`INPUT_CODECS`): the session decodes it. */
export interface GivenInputs {
  readonly createTask: CreateTaskInput;
  readonly updateTask: UpdateTaskInput;
  readonly replaceTask: ReplaceTaskInput;
  readonly changeStatus: InputOf<typeof changeStatusInput>;
  readonly listTasks: ListTasksQuery;
  readonly page: PageQuery;
  readonly sync: SyncQuery;
  readonly createClient: CreateClientInput;
  readonly updateClient: UpdateClientInput;
  readonly listClients: ListClientsQuery;
  readonly createProject: CreateProjectInput;
  readonly updateProject: UpdateProjectInput;
  readonly listProjects: ListProjectsQuery;
  readonly createNamed: CreateNamedInput;
  readonly updateNamed: UpdateNamedInput;
  readonly listNamed: ListNamedQuery;
  readonly createNote: CreateNoteInput;
  readonly createNoteFromText: CreateNoteFromTextInput;
  readonly updateNote: UpdateNoteInput;
  readonly listNotes: ListNotesQuery;
  readonly createTime: CreateTimeInput;
  readonly updateTime: UpdateTimeInput;
  readonly listTimes: ListTimesQuery;
  readonly createMoney: CreateMoneyInput;
  readonly updateMoney: UpdateMoneyInput;
  readonly listMoneys: ListMoneysQuery;
  readonly createWebhook: CreateWebhookInput;
  readonly updateWebhook: UpdateWebhookInput;
  readonly listWebhooks: ListWebhooksQuery;
  readonly deliveries: DeliveriesQuery;
  readonly timesReport: TimesReportQuery;
  readonly moneysReport: MoneysReportQuery;
  readonly tasksReport: TasksReportQuery;
  readonly createCalendarFeed: CreateCalendarFeedInput;
  readonly listCalendarFeeds: ListCalendarFeedsQuery;
}
