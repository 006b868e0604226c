import type * as E from 'fp-ts/lib/Either.js';
import type { Task, TaskId } from '../../domain/task/task.js';
import type { TaskStatus } from '../../domain/task/task-status.js';
import type {
  Card,
  Category,
  Client,
  MoneyRecord,
  Note,
  Project,
  TimeRecord,
} from '../../domain/workspace/records.js';
import type { ProfileView } from '../gamification/get-gamification-profile.use-case.js';
import type { ExportWorkspaceError, WorkspaceExport } from '../portability/export-workspace.use-case.js';
import type { ImportDocument, ImportSummary } from '../portability/import-document.js';
import type { ImportWorkspaceError } from '../portability/import-workspace.use-case.js';
import type { TogetherOptions } from '../ports/unit-of-work.port.js';
import type { CreateRecordError } from '../records/create-record.use-case.js';
import type { DeleteRecordError } from '../records/delete-record.use-case.js';
import type { GetRecordError } from '../records/get-record.use-case.js';
import type { ListRecordsError, RecordPage } from '../records/list-records.use-case.js';
import type { UpdateRecordError } from '../records/update-record.use-case.js';
import type { MoneysReport, ReportError, TasksReport, TimesReport } from '../reports/report.use-case.js';
import type { InfrastructureError } from '../shared/errors.js';
import type { Unchanged, Versioned } from '../shared/list-version.js';
import type { Precondition } from '../shared/precondition.js';
import type { SyncError, SyncPage } from '../sync/sync-changes.use-case.js';
import type { ChangeTaskStatusError, StatusOutcome } from '../tasks/change-task-status.use-case.js';
import type { CreateTaskError } from '../tasks/create-task.use-case.js';
import type { DeleteTaskError } from '../tasks/delete-task.use-case.js';
import type { EditOutcome } from '../tasks/edit-task.js';
import type { GetTaskError } from '../tasks/get-task.use-case.js';
import type { GetTaskHistoryError, HistoryPage } from '../tasks/get-task-history.use-case.js';
import type { ListTasksError, TaskList } from '../tasks/list-tasks.use-case.js';
import type { ReplaceTaskError } from '../tasks/replace-task.use-case.js';
import type { UpdateTaskError } from '../tasks/update-task.use-case.js';
import type { Caller, DescribeCallerError } from '../users/describe-caller.use-case.js';
import type { SessionInputs } from './input-codecs.js';
import type { GivenInputs } from './inputs.js';
import type { Outcome } from './outcome.js';
import type { CalendarFeedOperations } from './session-calendar-types.js';
import type { WebhookOperations } from './session-webhook-types.js';

/* A session's public face: every operation, by resource, with its errors (bound in session.ts). */

export type { Outcome } from './outcome.js';

export interface TaskOperations<X, I extends SessionInputs = GivenInputs> {
  create(input: I['createTask']): Outcome<CreateTaskError | X, Task>;
  get(id: TaskId): Outcome<GetTaskError | X, Task>;
  list(query?: I['listTasks']): Outcome<ListTasksError | X, TaskList>;
  /** The list, or `Unchanged` without reading it while `version` (from an earlier answer, if any) is still its version. */
  listIfChanged(
    version: string | undefined,
    query?: I['listTasks'],
  ): Outcome<ListTasksError | X, TaskList | Unchanged>;
  /**
   * Changes only the fields given; with `status`, the answer carries gamification feedback. With a
   * `precondition`, the task as stored must pass it (checked in the same transaction), else
   * `PreconditionFailed` and nothing changes.
   */
  update(
    id: TaskId,
    changes: I['updateTask'],
    precondition?: Precondition<Task>,
  ): Outcome<UpdateTaskError | X, EditOutcome>;
  /** Full replacement: omitted fields take their defaults, except `status`, which stays. */
  replace(
    id: TaskId,
    input: I['replaceTask'],
    precondition?: Precondition<Task>,
  ): Outcome<ReplaceTaskError | X, EditOutcome>;
  changeStatus(id: TaskId, status: TaskStatus): Outcome<ChangeTaskStatusError | X, StatusOutcome>;
  delete(
    id: TaskId,
    precondition?: Precondition<Task>,
  ): Outcome<DeleteTaskError | X, { readonly id: TaskId }>;
  history(id: TaskId, page?: I['page']): Outcome<GetTaskHistoryError | X, HistoryPage>;
  /** The history, or `Unchanged` without reading it while `version` (from an earlier answer, if any) is still its version. */
  historyIfChanged(
    id: TaskId,
    version: string | undefined,
    page?: I['page'],
  ): Outcome<GetTaskHistoryError | X, HistoryPage | Unchanged>;
}

export interface RecordOperations<R, Create, Update, Query, C extends string, X> {
  create(input: Create): Outcome<CreateRecordError | X, R>;
  get(id: number): Outcome<GetRecordError | X, R>;
  list(query?: Query): Outcome<ListRecordsError | X, RecordPage<R>>;
  /** The list, or `Unchanged` without reading it while `version` (from an earlier answer, if any) is still its version. */
  listIfChanged(
    version: string | undefined,
    query?: Query,
  ): Outcome<ListRecordsError | X, RecordPage<R> | Unchanged>;
  /** Changes only the fields given; with a `precondition`, only if the stored record passes it. */
  update(id: number, changes: Update, precondition?: Precondition<R>): Outcome<UpdateRecordError | X, R>;
  delete(
    id: number,
    precondition?: Precondition<R>,
  ): Outcome<DeleteRecordError<C> | X, { readonly id: number }>;
}

/**
 * The workspace as one user sees it: every operation, grouped by resource, acting as that user.
 * `X` is what the session adds to every operation's errors: `UnknownUser` for a trusted host's
 * `actingAs`, `InsufficientScope` for a session opened with an API key.
 */
export interface Session<X, I extends SessionInputs = GivenInputs> {
  readonly userId: number;
  readonly tasks: TaskOperations<X, I>;
  readonly gamification: { profile(): Outcome<InfrastructureError | X, ProfileView> };
  /** Who is calling: the user, and the key the call came with (null for a host acting as a user). No scope needed. */
  readonly me: { get(): Outcome<DescribeCallerError | X, Caller> };
  /**
   * The whole workspace for a backup or a move (CONTRACT §12): its export needs every resource's
   * read scope; an import of an export document into the empty workspace, every write scope.
   */
  readonly workspace: {
    export(): Outcome<ExportWorkspaceError | X, WorkspaceExport>;
    import(document: ImportDocument): Outcome<ImportWorkspaceError | X, ImportSummary>;
  };
  /** The change feed (CONTRACT §10). */
  readonly changes: {
    /**
     * The changes after `since` (from the beginning without it) of the resources asked for (default:
     * every one the session may read), each with its record as `get` shows it now. Follow
     * `nextSince` while `hasMore`.
     */
    since(query?: I['sync']): Outcome<SyncError | X, SyncPage>;
  };
  /** Totals added up by the database (CONTRACT §12), versioned as lists are. */
  readonly reports: {
    /** The time records the times list shows with the same filters, grouped by `groupBy`. */
    times(query?: I['timesReport']): Outcome<ReportError | X, Versioned<TimesReport>>;
    /** A report, or `Unchanged` without adding anything up while `version` is still its version. */
    timesIfChanged(
      version: string | undefined,
      query?: I['timesReport'],
    ): Outcome<ReportError | X, Versioned<TimesReport> | Unchanged>;
    /** The money records the money list shows with the same filters, grouped by `groupBy`. */
    moneys(query?: I['moneysReport']): Outcome<ReportError | X, Versioned<MoneysReport>>;
    moneysIfChanged(
      version: string | undefined,
      query?: I['moneysReport'],
    ): Outcome<ReportError | X, Versioned<MoneysReport> | Unchanged>;
    /** The tasks the task list shows with the same filters, grouped by `groupBy`. */
    tasks(query?: I['tasksReport']): Outcome<ReportError | X, Versioned<TasksReport>>;
    tasksIfChanged(
      version: string | undefined,
      query?: I['tasksReport'],
    ): Outcome<ReportError | X, Versioned<TasksReport> | Unchanged>;
  };
  /** Webhook subscriptions (CONTRACT §10): where the caller's changes are sent as they happen. */
  readonly webhooks: WebhookOperations<X, I>;
  /** Calendar feeds (CONTRACT §12): subscribable iCalendar URLs of dated tasks and time records. */
  readonly calendarFeeds: CalendarFeedOperations<X, I>;
  /**
   * Runs `work` as one transaction (a batch, CONTRACT §11): every call it makes through the session
   * it is given (a call through any other session inside it is refused) commits together when it
   * answers Right, and none of them when it answers Left or throws. Each call is checked and answered as it would be alone, and reads see the batch's earlier
   * writes; calls made at once run one at a time, in the order made. A call that fails inside takes
   * back only its own writes: whether the batch goes on is `work`'s to decide. With `allOrNothing`,
   * a call that fails fails the whole batch (cheaper: no savepoint per call): nothing is kept, and
   * the batch answers that call's Left, whatever `work` answers. With `rerunnable` (`work` keeps
   * nothing between runs), a batch PostgreSQL aborts to settle a deadlock with another writer is run
   * again, up to three times; otherwise it answers `Unavailable`.
   */
  batch<Err, A>(
    work: (session: Session<X, I>) => Outcome<Err, A>,
    options?: TogetherOptions,
  ): Outcome<Err | X | InfrastructureError | CallError<X>, A>;
  readonly clients: RecordOperations<
    Client,
    I['createClient'],
    I['updateClient'],
    I['listClients'],
    'CLIENT_IN_USE',
    X
  >;
  readonly projects: RecordOperations<
    Project,
    I['createProject'],
    I['updateProject'],
    I['listProjects'],
    'PROJECT_IN_USE',
    X
  >;
  readonly categories: RecordOperations<
    Category,
    I['createNamed'],
    I['updateNamed'],
    I['listNamed'],
    'CATEGORY_IN_USE',
    X
  >;
  readonly cards: RecordOperations<
    Card,
    I['createNamed'],
    I['updateNamed'],
    I['listNamed'],
    'CARD_IN_USE',
    X
  >;
  readonly notes: RecordOperations<Note, I['createNote'], I['updateNote'], I['listNotes'], never, X> & {
    /** A note from its text alone: named after the first line unless a name is given. */
    createFromText(input: I['createNoteFromText']): Outcome<CreateRecordError | X, Note>;
  };
  readonly times: RecordOperations<TimeRecord, I['createTime'], I['updateTime'], I['listTimes'], never, X>;
  readonly moneys: RecordOperations<
    MoneyRecord,
    I['createMoney'],
    I['updateMoney'],
    I['listMoneys'],
    never,
    X
  >;
}

/** What any call of a session may answer as Left (a batch's own answer aside). */
type ErrorsOf<T> = T extends (...args: never[]) => Promise<E.Either<infer L, unknown>>
  ? L
  : T extends object
    ? { [K in keyof T]: ErrorsOf<T[K]> }[keyof T]
    : never;
export type CallError<X> = ErrorsOf<Omit<Session<X>, 'batch'>>;
