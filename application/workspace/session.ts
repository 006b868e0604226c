import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import {
  type Access,
  acceptedScopes,
  allows,
  type Scope,
  type ScopedResource,
} from '../../domain/api-key/scope.js';
import type { Task, TaskId } from '../../domain/task/task.js';
import type { TaskStatus } from '../../domain/task/task-status.js';
import type {
  Card,
  Category,
  Client,
  MoneyRecord,
  Note,
  Project,
  Stored,
  TimeRecord,
} from '../../domain/workspace/records.js';
import type { ProfileView } from '../gamification/get-gamification-profile.use-case.js';
import { CHANGE_RESOURCES, type ChangeResource } from '../ports/change-log.port.js';
import type { TogetherOptions } from '../ports/unit-of-work.port.js';
import type { CreateRecordError } from '../records/create-record.use-case.js';
import type { DeleteRecordError } from '../records/delete-record.use-case.js';
import type { GetRecordError } from '../records/get-record.use-case.js';
import type { ListRecordsError, RecordPage } from '../records/list-records.use-case.js';
import type { RecordUseCases } from '../records/record-use-cases.js';
import type { UpdateRecordError } from '../records/update-record.use-case.js';
import type { Actor } from '../shared/actor.js';
import {
  type InfrastructureError,
  type InsufficientScope,
  type NotFound,
  notFound,
} from '../shared/errors.js';
import { isRecordId } from '../shared/fields.js';
import type { Unchanged } from '../shared/list-version.js';
import type { PageAnswer } from '../shared/paging.js';
import type { Precondition } from '../shared/precondition.js';
import * as seq from '../shared/sequence.js';
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
import type { CreateWebhookError } from '../webhooks/create-webhook.use-case.js';
import type { DeleteWebhookError } from '../webhooks/delete-webhook.use-case.js';
import type { GetWebhookError, ListWebhooksError } from '../webhooks/read-webhooks.use-case.js';
import type { RotateWebhookSecretError } from '../webhooks/rotate-webhook-secret.use-case.js';
import type { UpdateWebhookError } from '../webhooks/update-webhook.use-case.js';
import type {
  DeliveryView,
  ListDeliveriesError,
  RetryDeliveryError,
} from '../webhooks/webhook-deliveries.use-case.js';
import type { WebhookView, WebhookWithSecret } from '../webhooks/webhook-view.js';
import type {
  CreateClientInput,
  CreateMoneyInput,
  CreateNamedInput,
  CreateNoteFromTextInput,
  CreateNoteInput,
  CreateProjectInput,
  CreateTaskInput,
  CreateTimeInput,
  CreateWebhookInput,
  DeliveriesQuery,
  ListClientsQuery,
  ListMoneysQuery,
  ListNamedQuery,
  ListNotesQuery,
  ListProjectsQuery,
  ListTasksQuery,
  ListTimesQuery,
  ListWebhooksQuery,
  PageQuery,
  ReplaceTaskInput,
  SyncQuery,
  UpdateClientInput,
  UpdateMoneyInput,
  UpdateNamedInput,
  UpdateNoteInput,
  UpdateProjectInput,
  UpdateTaskInput,
  UpdateTimeInput,
  UpdateWebhookInput,
} from './inputs.js';
import { mapAnswers } from './session-answers.js';
import type { WorkspaceUseCases } from './use-cases.js';

/** What every operation answers: an Either, already run. `X` is what the session itself adds. */
export type Outcome<Err, A> = Promise<E.Either<Err, A>>;

/** The five operations of a record type: reads need `<resource>:read`, changes `<resource>:write`. */
const recordScopes = <R extends ScopedResource>(resource: R) =>
  ({ resource, create: 'write', get: 'read', list: 'read', update: 'write', delete: 'write' }) as const;

/** Which scope each operation needs: the resource of its group, and read or write. */
export const OPERATION_SCOPES = {
  tasks: {
    resource: 'tasks',
    create: 'write',
    get: 'read',
    list: 'read',
    update: 'write',
    replace: 'write',
    changeStatus: 'write',
    delete: 'write',
    history: 'read',
  },
  gamification: { resource: 'tasks', profile: 'read' },
  clients: recordScopes('clients'),
  projects: recordScopes('projects'),
  categories: recordScopes('categories'),
  cards: recordScopes('cards'),
  notes: { ...recordScopes('notes'), createFromText: 'write' },
  times: recordScopes('times'),
  moneys: recordScopes('moneys'),
  webhooks: {
    resource: 'webhooks',
    create: 'write',
    list: 'read',
    get: 'read',
    update: 'write',
    delete: 'write',
    rotateSecret: 'write',
    deliveries: 'read',
    retryDelivery: 'write',
  },
} as const satisfies Record<string, { readonly resource: ScopedResource } & Record<string, string>>;

export type OperationGroup = keyof typeof OPERATION_SCOPES;

/**
 * Delta sync reads every resource: its scopes are checked per resource, by the session (each it
 * answers needs `<resource>:read`), not once per call.
 */
export const SYNC_GROUP = 'changes';
/**
 * Calls that carry others need no scope of their own: a batch's operations, and an MCP request's tool
 * calls, are each checked against their own scope, as if sent alone (CONTRACT §11).
 */
export const CARRIER_GROUPS = ['batch', 'mcp'] as const;
type CarrierGroup = (typeof CARRIER_GROUPS)[number];
/** Who the caller is (`me`) needs a valid key and no scope: any key may ask what it is. */
export const CALLER_GROUP = 'me';
/** The groups that need no scope of their own. */
const UNSCOPED: readonly CallGroup[] = [...CARRIER_GROUPS, CALLER_GROUP];
const unscoped = (group: CallGroup): group is CarrierGroup | typeof CALLER_GROUP => UNSCOPED.includes(group);
/** Every group a call belongs to: the operation groups, delta sync, the carriers and the caller. */
export type CallGroup = OperationGroup | typeof SYNC_GROUP | CarrierGroup | typeof CALLER_GROUP;

/** The scope an operation needs. */
const scopeOf = (
  group: OperationGroup,
  operation: string,
): { readonly resource: ScopedResource; readonly access: Access } => {
  const table: { readonly resource: ScopedResource } & Partial<Record<string, string>> =
    OPERATION_SCOPES[group];
  return { resource: table.resource, access: table[operation] === 'read' ? 'read' : 'write' };
};

/** The scope an operation needs, and every scope that would do (the wildcard too). */
export const operationScopes = (
  group: OperationGroup,
  operation: string,
): { readonly needed: Scope; readonly accepted: readonly Scope[] } => {
  const { resource, access } = scopeOf(group, operation);
  return { needed: `${resource}:${access}`, accepted: acceptedScopes(resource, access) };
};

/** Whether `scopes` allow the operation: null if they do, else the refusal naming what would. */
export const scopeRefusal = (
  scopes: readonly Scope[],
  group: OperationGroup,
  operation: string,
): InsufficientScope | null => {
  const { resource, access } = scopeOf(group, operation);
  return allows(scopes, resource, access)
    ? null
    : { _tag: 'InsufficientScope', ...operationScopes(group, operation) };
};

/**
 * The scopes that let a call in at the edge: any one of `needed` (or its wildcard, in `accepted`).
 * Delta sync takes any resource's read scope; the session then answers only what the key may read.
 */
export const callScopes = (
  group: CallGroup,
  operation: string,
): { readonly needed: readonly Scope[]; readonly accepted: readonly Scope[] } => {
  if (unscoped(group)) return { needed: [], accepted: [] };
  if (group !== SYNC_GROUP) {
    const { needed, accepted } = operationScopes(group, operation);
    return { needed: [needed], accepted };
  }
  return {
    needed: CHANGE_RESOURCES.map((resource): Scope => `${resource}:read`),
    accepted: CHANGE_RESOURCES.flatMap((resource) => acceptedScopes(resource, 'read')),
  };
};

/** Whether `scopes` let a call in at the edge: null if they do (delta sync and carriers: always, see `callScopes`). */
export const callRefusal = (
  scopes: readonly Scope[],
  group: CallGroup,
  operation: string,
): InsufficientScope | null =>
  group === SYNC_GROUP || unscoped(group) ? null : scopeRefusal(scopes, group, operation);

export interface TaskOperations<X> {
  create(input: CreateTaskInput): Outcome<CreateTaskError | X, Task>;
  get(id: TaskId): Outcome<GetTaskError | X, Task>;
  list(query?: ListTasksQuery): Outcome<ListTasksError | X, TaskList>;
  /** The list, or `Unchanged` without reading it while `version` (from an earlier answer, if any) is still its version. */
  listIfChanged(
    version: string | undefined,
    query?: ListTasksQuery,
  ): Outcome<ListTasksError | X, TaskList | Unchanged>;
  /**
   * Changes only the fields given; with `status`, the answer carries gamification feedback. With a
   * `precondition`, the task as stored must pass it (checked in the same transaction), else
   * `PreconditionFailed` and nothing changes.
   */
  update(
    id: TaskId,
    changes: UpdateTaskInput,
    precondition?: Precondition<Task>,
  ): Outcome<UpdateTaskError | X, EditOutcome>;
  /** Full replacement: omitted fields take their defaults, except `status`, which stays. */
  replace(
    id: TaskId,
    input: ReplaceTaskInput,
    precondition?: Precondition<Task>,
  ): Outcome<ReplaceTaskError | X, EditOutcome>;
  changeStatus(id: TaskId, status: TaskStatus): Outcome<ChangeTaskStatusError | X, StatusOutcome>;
  delete(
    id: TaskId,
    precondition?: Precondition<Task>,
  ): Outcome<DeleteTaskError | X, { readonly id: TaskId }>;
  history(id: TaskId, page?: PageQuery): Outcome<GetTaskHistoryError | X, HistoryPage>;
  /** The history, or `Unchanged` without reading it while `version` (from an earlier answer, if any) is still its version. */
  historyIfChanged(
    id: TaskId,
    version: string | undefined,
    page?: PageQuery,
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
export interface Session<X> {
  readonly userId: number;
  readonly tasks: TaskOperations<X>;
  readonly gamification: { profile(): Outcome<InfrastructureError | X, ProfileView> };
  /** Who is calling: the user, and the key the call came with (null for a host acting as a user). No scope needed. */
  readonly me: { get(): Outcome<DescribeCallerError | X, Caller> };
  /** The change feed (CONTRACT §10). */
  readonly changes: {
    /**
     * The changes after `since` (from the beginning without it) of the resources asked for (default:
     * every one the session may read), each with its record as `get` shows it now. Follow
     * `nextSince` while `hasMore`.
     */
    since(query?: SyncQuery): Outcome<SyncError | X, SyncPage>;
  };
  /** Webhook subscriptions (CONTRACT §10): where the caller's changes are sent as they happen. */
  readonly webhooks: WebhookOperations<X>;
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
    work: (session: Session<X>) => Outcome<Err, A>,
    options?: TogetherOptions,
  ): Outcome<Err | X | InfrastructureError | CallError<X>, A>;
  readonly clients: RecordOperations<
    Client,
    CreateClientInput,
    UpdateClientInput,
    ListClientsQuery,
    'CLIENT_IN_USE',
    X
  >;
  readonly projects: RecordOperations<
    Project,
    CreateProjectInput,
    UpdateProjectInput,
    ListProjectsQuery,
    'PROJECT_IN_USE',
    X
  >;
  readonly categories: RecordOperations<
    Category,
    CreateNamedInput,
    UpdateNamedInput,
    ListNamedQuery,
    'CATEGORY_IN_USE',
    X
  >;
  readonly cards: RecordOperations<
    Card,
    CreateNamedInput,
    UpdateNamedInput,
    ListNamedQuery,
    'CARD_IN_USE',
    X
  >;
  readonly notes: RecordOperations<Note, CreateNoteInput, UpdateNoteInput, ListNotesQuery, never, X> & {
    /** A note from its text alone: named after the first line unless a name is given. */
    createFromText(input: CreateNoteFromTextInput): Outcome<CreateRecordError | X, Note>;
  };
  readonly times: RecordOperations<TimeRecord, CreateTimeInput, UpdateTimeInput, ListTimesQuery, never, X>;
  readonly moneys: RecordOperations<
    MoneyRecord,
    CreateMoneyInput,
    UpdateMoneyInput,
    ListMoneysQuery,
    never,
    X
  >;
}

export interface WebhookOperations<X> {
  /**
   * Subscribes to the caller's changes from now on, of the resources the session may read now. The
   * answer is the only one that shows the secret.
   */
  create(input: CreateWebhookInput): Outcome<CreateWebhookError | X, WebhookWithSecret>;
  /** A page of the subscriptions, oldest first: `limit`, and `offset` or `cursor`, as every list. */
  list(query?: ListWebhooksQuery): Outcome<ListWebhooksError | X, PageAnswer<WebhookView>>;
  get(id: number): Outcome<GetWebhookError | X, WebhookView>;
  /** Changes the fields given; turning it on again starts from the changes made after that. */
  update(id: number, changes: UpdateWebhookInput): Outcome<UpdateWebhookError | X, WebhookView>;
  delete(id: number): Outcome<DeleteWebhookError | X, { readonly id: number }>;
  /** A new secret, shown once; the old one signs too for 24 hours. */
  rotateSecret(id: number): Outcome<RotateWebhookSecretError | X, WebhookWithSecret>;
  /** The subscription's deliveries, newest first. */
  deliveries(id: number, page?: DeliveriesQuery): Outcome<ListDeliveriesError | X, PageAnswer<DeliveryView>>;
  /** Sends a delivery again now. */
  retryDelivery(id: number, deliveryId: number): Outcome<RetryDeliveryError | X, DeliveryView>;
}

/** What any call of a session may answer as Left (a batch's own answer aside). */
type ErrorsOf<T> = T extends (...args: never[]) => Promise<E.Either<infer L, unknown>>
  ? L
  : T extends object
    ? { [K in keyof T]: ErrorsOf<T[K]> }[keyof T]
    : never;
export type CallError<X> = ErrorsOf<Omit<Session<X>, 'batch'>>;

/**
 * `work` on a session whose every failed call is noted: the first one is the batch's answer, so that
 * nothing of an all-or-nothing batch is kept once any of its calls failed, however `work` went on.
 */
const allOrNothing = async <X, Err, A>(
  session: Session<X>,
  work: (inside: Session<X>) => Outcome<Err, A>,
): Outcome<Err | CallError<X>, A> => {
  let failed: E.Left<unknown> | undefined;
  const answer = await work(
    mapAnswers(session, (call) => {
      if (E.isLeft(call)) failed ??= call;
      return call;
    }),
  );
  // trust boundary: `failed` is the Left of a call of this session.
  return (failed as E.Left<CallError<X>> | undefined) ?? answer;
};

/** Lets an operation run, or answers why not. */
export interface Admission<X> {
  /** Whether the session may act at all now (open, its key still good, its user known): once per call. */
  readonly session: () => TE.TaskEither<X, void>;
  /** Why the session may not run this operation (a missing scope), or null. */
  readonly refusal: (group: OperationGroup, operation: string) => X | null;
}

type Runner<X> = (
  group: OperationGroup,
  operation: string,
) => <Err, A>(work: () => TE.TaskEither<Err, A>) => Outcome<Err | X, A>;

const runnerOf =
  <X>(admit: Admission<X>): Runner<X> =>
  (group, operation) =>
  <Err, A>(work: () => TE.TaskEither<Err, A>): Outcome<Err | X, A> =>
    pipe(
      admit.session(),
      seq.flatMap((): TE.TaskEither<Err | X, A> => {
        const refusal = admit.refusal(group, operation);
        return refusal === null ? work() : TE.left(refusal);
      }),
    )();

/** Runs `work` for an id that can name a record; any other number (NaN, 1.5, 2**31) names none. */
const forId = <Err, A>(
  resource: string,
  id: number,
  work: () => TE.TaskEither<Err, A>,
): TE.TaskEither<Err | NotFound, A> => (isRecordId(id) ? work() : TE.left(notFound(resource)));

const recordOperations = <F extends object, C extends string, X>(
  group: OperationGroup,
  useCases: RecordUseCases<F, C>,
  actor: Actor,
  run: Runner<X>,
) => {
  const { resource } = useCases.get.kind;
  return {
    create: (input: unknown) => run(group, 'create')(() => useCases.create.execute(actor, input)),
    get: (id: number) => run(group, 'get')(() => forId(resource, id, () => useCases.get.execute(actor, id))),
    list: (query: unknown = {}) => run(group, 'list')(() => useCases.list.execute(actor, query)),
    listIfChanged: (version: string | undefined, query: unknown = {}) =>
      run(group, 'list')(() => useCases.list.executeUnless(actor, query, version)),
    update: (id: number, changes: unknown, precondition?: Precondition<Stored<F>>) =>
      run(
        group,
        'update',
      )(() => forId(resource, id, () => useCases.update.execute(actor, id, changes, precondition))),
    delete: (id: number, precondition?: Precondition<Stored<F>>) =>
      run(group, 'delete')(() => forId(resource, id, () => useCases.delete.execute(actor, id, precondition))),
  };
};

/** The resources a session may read, each as its list would be admitted: the session checked once. */
const readableResources = <X>(admit: Admission<X>): TE.TaskEither<X, ChangeResource[]> =>
  pipe(
    admit.session(),
    seq.map(() => CHANGE_RESOURCES.filter((resource) => admit.refusal(resource, 'list') === null)),
  );

const webhookOperations = <X>(
  useCases: WorkspaceUseCases['webhooks'],
  actor: Actor,
  admit: Admission<X>,
  run: Runner<X>,
): WebhookOperations<X> => ({
  // The session checked once, then what it may read is what the subscription may ever receive.
  create: (input) =>
    pipe(
      readableResources(admit),
      seq.flatMap((readable): TE.TaskEither<CreateWebhookError | X, WebhookWithSecret> => {
        const refusal = admit.refusal('webhooks', 'create');
        return refusal === null ? useCases.create.execute(actor, readable, input) : TE.left(refusal);
      }),
    )(),
  list: (query = {}) => run('webhooks', 'list')(() => useCases.list.execute(actor, query)),
  get: (id) => run('webhooks', 'get')(() => forId('webhook', id, () => useCases.get.execute(actor, id))),
  update: (id, changes) =>
    run('webhooks', 'update')(() => forId('webhook', id, () => useCases.update.execute(actor, id, changes))),
  delete: (id) =>
    run('webhooks', 'delete')(() => forId('webhook', id, () => useCases.delete.execute(actor, id))),
  rotateSecret: (id) =>
    run(
      'webhooks',
      'rotateSecret',
    )(() => forId('webhook', id, () => useCases.rotateSecret.execute(actor, id))),
  deliveries: (id, page = {}) =>
    run(
      'webhooks',
      'deliveries',
    )(() => forId('webhook', id, () => useCases.deliveries.execute(actor, id, page))),
  retryDelivery: (id, deliveryId) =>
    run(
      'webhooks',
      'retryDelivery',
    )(() =>
      forId('webhook', id, () =>
        forId('delivery', deliveryId, () => useCases.retryDelivery.execute(actor, id, deliveryId)),
      ),
    ),
});

/** Binds every use case to `actor`, each call admitted first. */
export const openSession = <X>(
  useCases: WorkspaceUseCases,
  actor: Actor,
  admit: Admission<X>,
): Session<X> => {
  const run = runnerOf(admit);
  const { tasks } = useCases;
  const session: Session<X> = {
    userId: actor.userId,
    tasks: {
      create: (input) => run('tasks', 'create')(() => tasks.create.execute(actor, input)),
      get: (id) => run('tasks', 'get')(() => forId('task', id, () => tasks.get.execute(actor, id))),
      list: (query = {}) => run('tasks', 'list')(() => tasks.list.execute(actor, query)),
      listIfChanged: (version, query = {}) =>
        run('tasks', 'list')(() => tasks.list.executeUnless(actor, query, version)),
      update: (id, changes, precondition) =>
        run(
          'tasks',
          'update',
        )(() => forId('task', id, () => tasks.update.execute(actor, id, changes, precondition))),
      replace: (id, input, precondition) =>
        run(
          'tasks',
          'replace',
        )(() => forId('task', id, () => tasks.replace.execute(actor, id, input, precondition))),
      changeStatus: (id, status) =>
        run(
          'tasks',
          'changeStatus',
        )(() => forId('task', id, () => tasks.changeStatus.execute(actor, id, { status }))),
      delete: (id, precondition) =>
        run('tasks', 'delete')(() => forId('task', id, () => tasks.delete.execute(actor, id, precondition))),
      history: (id, page = {}) =>
        run('tasks', 'history')(() => forId('task', id, () => tasks.history.execute(actor, id, page))),
      historyIfChanged: (id, version, page = {}) =>
        run(
          'tasks',
          'history',
        )(() => forId('task', id, () => tasks.history.executeUnless(actor, id, page, version))),
    },
    gamification: {
      profile: () => run('gamification', 'profile')(() => useCases.gamification.profile.execute(actor)),
    },
    me: {
      get: () =>
        pipe(
          admit.session(),
          seq.flatMap(() => useCases.me.describe.execute(actor)),
        )(),
    },
    changes: {
      since: (query = {}) =>
        pipe(
          readableResources(admit),
          seq.flatMap((readable) => useCases.changes.since.execute(actor, readable, query)),
        )(),
    },
    webhooks: webhookOperations(useCases.webhooks, actor, admit, run),
    clients: recordOperations('clients', useCases.clients, actor, run),
    projects: recordOperations('projects', useCases.projects, actor, run),
    categories: recordOperations('categories', useCases.categories, actor, run),
    cards: recordOperations('cards', useCases.cards, actor, run),
    notes: {
      ...recordOperations('notes', useCases.notes, actor, run),
      createFromText: (input) =>
        run('notes', 'createFromText')(() => useCases.notes.createFromText.execute(actor, input)),
    },
    times: recordOperations('times', useCases.times, actor, run),
    moneys: recordOperations('moneys', useCases.moneys, actor, run),
    batch: <Err, A>(work: (inside: Session<X>) => Outcome<Err, A>, options?: TogetherOptions) =>
      pipe(
        admit.session(),
        seq.flatMap(() =>
          useCases.batch.together(
            () => (options?.allOrNothing === true ? allOrNothing(session, work) : work(session)),
            options,
          ),
        ),
      )(),
  };
  return session;
};
