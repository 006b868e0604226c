import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Stored } from '../../domain/workspace/records.js';
import { CHANGE_RESOURCES, type ChangeResource } from '../ports/change-log.port.js';
import type { TogetherOptions } from '../ports/unit-of-work.port.js';
import type { Unplaced } from '../records/record-kind.js';
import type { RecordUseCases } from '../records/record-use-cases.js';
import type { ReportOf } from '../reports/report.use-case.js';
import type { Actor } from '../shared/actor.js';
import { type NotFound, notFound, type ValidationFailed } from '../shared/errors.js';
import { isRecordId } from '../shared/fields.js';
import type { CreateWebhookError } from '../webhooks/create-webhook.use-case.js';
import type { WebhookWithSecret } from '../webhooks/webhook-view.js';
import type { Admit } from './admission.js';
import type { Preparers, SessionInputs } from './input-codecs.js';
import { CALLER_GROUP, type CallGroup, type OperationGroup, SYNC_GROUP } from './scope-policy.js';
import { mapAnswers } from './session-answers.js';
import type { CallError, Outcome, RecordOperations, Session, WebhookOperations } from './session-types.js';
import type { WorkspaceUseCases } from './use-cases.js';

/**
 * `work` on a session whose every failed call is noted: the first one is the batch's answer, so that
 * nothing of an all-or-nothing batch is kept once any of its calls failed, however `work` went on.
 */
const allOrNothing = async <X, I extends SessionInputs, Err, A>(
  session: Session<X, I>,
  work: (inside: Session<X, I>) => Outcome<Err, A>,
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

type Runner<X> = (
  group: OperationGroup,
  operation: string,
) => <Err, A>(work: () => TE.TaskEither<Err, A>) => Outcome<Err | X, A>;

/** Each call admitted once, then its work run. */
const runnerOf =
  <X>(admit: Admit<X>): Runner<X> =>
  (group, operation) =>
  <Err, A>(work: () => TE.TaskEither<Err, A>): Outcome<Err | X, A> =>
    pipe(
      admit(group, operation),
      TE.flatMap((): TE.TaskEither<Err | X, A> => work()),
    )();

/** The input as the use case takes it (`prepare`: decoded, for a host), then `work` on it. */
const given =
  <In, A>(prepare: (input: In | undefined) => E.Either<ValidationFailed, A>, input: In | undefined) =>
  <Err, B>(work: (prepared: A) => TE.TaskEither<Err, B>): TE.TaskEither<Err | ValidationFailed, B> =>
    pipe(TE.fromEither(prepare(input)), TE.flatMap(work));

/** Runs `work` for an id that can name a record; any other number (NaN, 1.5, 2**31) names none. */
const forId = <Err, A>(
  resource: string,
  id: number,
  work: () => TE.TaskEither<Err, A>,
): TE.TaskEither<Err | NotFound, A> => (isRecordId(id) ? work() : TE.left(notFound(resource)));

/** How one record type's inputs become what its use cases take. */
interface RecordPreparers<F, G, L, Create, Update, Query> {
  readonly create: (input: Create | undefined) => E.Either<ValidationFailed, G>;
  readonly update: (input: Update | undefined) => E.Either<ValidationFailed, Partial<Unplaced<F>>>;
  readonly list: (input: Query | undefined) => E.Either<ValidationFailed, L>;
}

const recordOperations = <F extends object, C extends string, G, L, Create, Update, Query, X>(
  group: OperationGroup,
  useCases: RecordUseCases<F, C, G, L>,
  prepare: RecordPreparers<F, G, L, Create, Update, Query>,
  actor: Actor,
  run: Runner<X>,
): RecordOperations<Stored<F>, Create, Update, Query, C, X> => {
  const { resource } = useCases.get.kind;
  return {
    create: (input) =>
      run(group, 'create')(() => given(prepare.create, input)((g) => useCases.create.execute(actor, g))),
    get: (id) => run(group, 'get')(() => forId(resource, id, () => useCases.get.execute(actor, id))),
    list: (query) =>
      run(group, 'list')(() => given(prepare.list, query)((q) => useCases.list.execute(actor, q))),
    listIfChanged: (version, query) =>
      run(
        group,
        'list',
      )(() => given(prepare.list, query)((q) => useCases.list.executeUnless(actor, q, version))),
    update: (id, changes, precondition) =>
      run(
        group,
        'update',
      )(() =>
        forId(resource, id, () =>
          given(prepare.update, changes)((c) => useCases.update.execute(actor, id, c, precondition)),
        ),
      ),
    delete: (id, precondition) =>
      run(group, 'delete')(() => forId(resource, id, () => useCases.delete.execute(actor, id, precondition))),
  };
};

/** The call admitted, and the resources its caller may read: each one whose list they may read. */
const admitReading = <X>(
  admit: Admit<X>,
  group: CallGroup,
  operation: string,
): TE.TaskEither<X, ChangeResource[]> =>
  pipe(
    admit(group, operation),
    TE.map((permits) => CHANGE_RESOURCES.filter((resource) => permits(resource, 'list'))),
  );

const webhookOperations = <X, I extends SessionInputs>(
  useCases: WorkspaceUseCases['webhooks'],
  prepare: Preparers<I>,
  actor: Actor,
  admit: Admit<X>,
  run: Runner<X>,
): WebhookOperations<X, I> => ({
  // What the caller may read now is what the subscription may ever receive.
  create: (input) =>
    pipe(
      admitReading(admit, 'webhooks', 'create'),
      TE.flatMap(
        (readable): TE.TaskEither<CreateWebhookError | X, WebhookWithSecret> =>
          given(prepare.createWebhook, input)((body) => useCases.create.execute(actor, readable, body)),
      ),
    )(),
  list: (query) =>
    run('webhooks', 'list')(() => given(prepare.listWebhooks, query)((q) => useCases.list.execute(actor, q))),
  get: (id) => run('webhooks', 'get')(() => forId('webhook', id, () => useCases.get.execute(actor, id))),
  update: (id, changes) =>
    run(
      'webhooks',
      'update',
    )(() =>
      forId('webhook', id, () =>
        given(prepare.updateWebhook, changes)((body) => useCases.update.execute(actor, id, body)),
      ),
    ),
  delete: (id) =>
    run('webhooks', 'delete')(() => forId('webhook', id, () => useCases.delete.execute(actor, id))),
  rotateSecret: (id) =>
    run(
      'webhooks',
      'rotateSecret',
    )(() => forId('webhook', id, () => useCases.rotateSecret.execute(actor, id))),
  deliveries: (id, page) =>
    run(
      'webhooks',
      'deliveries',
    )(() =>
      forId('webhook', id, () =>
        given(prepare.deliveries, page)((q) => useCases.deliveries.execute(actor, id, q)),
      ),
    ),
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

/** One report bound to the caller, needing its resource's `report` (read) scope. */
const boundReport = <X, In, B extends { readonly groupBy?: string }, K extends string, M>(
  group: 'times' | 'moneys' | 'tasks',
  prepare: (input: In | undefined) => E.Either<ValidationFailed, B>,
  report: ReportOf<B, K, M>,
  actor: Actor,
  run: Runner<X>,
) => ({
  read: (query?: In) => run(group, 'report')(() => given(prepare, query)((q) => report.execute(actor, q))),
  readIfChanged: (version: string | undefined, query?: In) =>
    run(group, 'report')(() => given(prepare, query)((q) => report.executeUnless(actor, q, version))),
});

const reportOperations = <X, I extends SessionInputs>(
  reports: WorkspaceUseCases['reports'],
  prepare: Preparers<I>,
  actor: Actor,
  run: Runner<X>,
): Session<X, I>['reports'] => {
  const times = boundReport('times', prepare.timesReport, reports.times, actor, run);
  const moneys = boundReport('moneys', prepare.moneysReport, reports.moneys, actor, run);
  const tasks = boundReport('tasks', prepare.tasksReport, reports.tasks, actor, run);
  return {
    times: times.read,
    timesIfChanged: times.readIfChanged,
    moneys: moneys.read,
    moneysIfChanged: moneys.readIfChanged,
    tasks: tasks.read,
    tasksIfChanged: tasks.readIfChanged,
  };
};

/**
 * Binds every use case to `actor`, each call admitted first, then its input prepared: a host's
 * decoded with the operation's codec, a transport's taken as its wire codec decoded it.
 */
export const openSession = <X, I extends SessionInputs>(
  useCases: WorkspaceUseCases,
  actor: Actor,
  admit: Admit<X>,
  prepare: Preparers<I>,
): Session<X, I> => {
  const run = runnerOf(admit);
  const { tasks } = useCases;
  const session: Session<X, I> = {
    userId: actor.userId,
    tasks: {
      create: (input) =>
        run(
          'tasks',
          'create',
        )(() => given(prepare.createTask, input)((body) => tasks.create.execute(actor, body))),
      get: (id) => run('tasks', 'get')(() => forId('task', id, () => tasks.get.execute(actor, id))),
      list: (query) =>
        run('tasks', 'list')(() => given(prepare.listTasks, query)((q) => tasks.list.execute(actor, q))),
      listIfChanged: (version, query) =>
        run(
          'tasks',
          'list',
        )(() => given(prepare.listTasks, query)((q) => tasks.list.executeUnless(actor, q, version))),
      update: (id, changes, precondition) =>
        run(
          'tasks',
          'update',
        )(() =>
          forId('task', id, () =>
            given(prepare.updateTask, changes)((body) => tasks.update.execute(actor, id, body, precondition)),
          ),
        ),
      replace: (id, input, precondition) =>
        run(
          'tasks',
          'replace',
        )(() =>
          forId('task', id, () =>
            given(prepare.replaceTask, input)((body) => tasks.replace.execute(actor, id, body, precondition)),
          ),
        ),
      changeStatus: (id, status) =>
        run(
          'tasks',
          'changeStatus',
        )(() =>
          forId('task', id, () =>
            given(prepare.changeStatus, { status })((body) => tasks.changeStatus.execute(actor, id, body)),
          ),
        ),
      delete: (id, precondition) =>
        run('tasks', 'delete')(() => forId('task', id, () => tasks.delete.execute(actor, id, precondition))),
      history: (id, page) =>
        run(
          'tasks',
          'history',
        )(() =>
          forId('task', id, () => given(prepare.page, page)((q) => tasks.history.execute(actor, id, q))),
        ),
      historyIfChanged: (id, version, page) =>
        run(
          'tasks',
          'history',
        )(() =>
          forId('task', id, () =>
            given(prepare.page, page)((q) => tasks.history.executeUnless(actor, id, q, version)),
          ),
        ),
    },
    gamification: {
      profile: () => run('gamification', 'profile')(() => useCases.gamification.profile.execute(actor)),
    },
    me: {
      get: () =>
        pipe(
          admit(CALLER_GROUP, 'get'),
          TE.flatMap(() => useCases.me.describe.execute(actor)),
        )(),
    },
    changes: {
      since: (query) =>
        pipe(
          admitReading(admit, SYNC_GROUP, 'since'),
          TE.flatMap((readable) =>
            given(prepare.sync, query)((q) => useCases.changes.since.execute(actor, readable, q)),
          ),
        )(),
    },
    reports: reportOperations(useCases.reports, prepare, actor, run),
    webhooks: webhookOperations(useCases.webhooks, prepare, actor, admit, run),
    clients: recordOperations(
      'clients',
      useCases.clients,
      { create: prepare.createClient, update: prepare.updateClient, list: prepare.listClients },
      actor,
      run,
    ),
    projects: recordOperations(
      'projects',
      useCases.projects,
      { create: prepare.createProject, update: prepare.updateProject, list: prepare.listProjects },
      actor,
      run,
    ),
    categories: recordOperations('categories', useCases.categories, namedPreparers(prepare), actor, run),
    cards: recordOperations('cards', useCases.cards, namedPreparers(prepare), actor, run),
    notes: {
      ...recordOperations(
        'notes',
        useCases.notes,
        { create: prepare.createNote, update: prepare.updateNote, list: prepare.listNotes },
        actor,
        run,
      ),
      createFromText: (input) =>
        run(
          'notes',
          'createFromText',
        )(() =>
          given(
            prepare.createNoteFromText,
            input,
          )((body) => useCases.notes.createFromText.execute(actor, body)),
        ),
    },
    times: recordOperations(
      'times',
      useCases.times,
      { create: prepare.createTime, update: prepare.updateTime, list: prepare.listTimes },
      actor,
      run,
    ),
    moneys: recordOperations(
      'moneys',
      useCases.moneys,
      { create: prepare.createMoney, update: prepare.updateMoney, list: prepare.listMoneys },
      actor,
      run,
    ),
    batch: <Err, A>(work: (inside: Session<X, I>) => Outcome<Err, A>, options?: TogetherOptions) =>
      pipe(
        admit('batch', 'run'),
        TE.flatMap(() =>
          useCases.batch.together(
            () => (options?.allOrNothing === true ? allOrNothing(session, work) : work(session)),
            options,
          ),
        ),
      )(),
  };
  return session;
};

/** Categories and cards take the same inputs. */
const namedPreparers = <I extends SessionInputs>(prepare: Preparers<I>) => ({
  create: prepare.createNamed,
  update: prepare.updateNamed,
  list: prepare.listNamed,
});
