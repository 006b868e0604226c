import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { Stored } from '../../domain/workspace/records.js';
import { CHANGE_RESOURCES, type ChangeResource } from '../ports/change-log.port.js';
import type { TogetherOptions } from '../ports/unit-of-work.port.js';
import type { RecordUseCases } from '../records/record-use-cases.js';
import type { Actor } from '../shared/actor.js';
import { type NotFound, notFound } from '../shared/errors.js';
import { isRecordId } from '../shared/fields.js';
import type { Precondition } from '../shared/precondition.js';
import type { CreateWebhookError } from '../webhooks/create-webhook.use-case.js';
import type { WebhookWithSecret } from '../webhooks/webhook-view.js';
import type { Admit } from './admission.js';
import { CALLER_GROUP, type CallGroup, type OperationGroup, SYNC_GROUP } from './scope-policy.js';
import { mapAnswers } from './session-answers.js';
import type { CallError, Outcome, Session, WebhookOperations } from './session-types.js';
import type { WorkspaceUseCases } from './use-cases.js';

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

const webhookOperations = <X>(
  useCases: WorkspaceUseCases['webhooks'],
  actor: Actor,
  admit: Admit<X>,
  run: Runner<X>,
): WebhookOperations<X> => ({
  // What the caller may read now is what the subscription may ever receive.
  create: (input) =>
    pipe(
      admitReading(admit, 'webhooks', 'create'),
      TE.flatMap(
        (readable): TE.TaskEither<CreateWebhookError | X, WebhookWithSecret> =>
          useCases.create.execute(actor, readable, input),
      ),
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
export const openSession = <X>(useCases: WorkspaceUseCases, actor: Actor, admit: Admit<X>): Session<X> => {
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
          admit(CALLER_GROUP, 'get'),
          TE.flatMap(() => useCases.me.describe.execute(actor)),
        )(),
    },
    changes: {
      since: (query = {}) =>
        pipe(
          admitReading(admit, SYNC_GROUP, 'since'),
          TE.flatMap((readable) => useCases.changes.since.execute(actor, readable, query)),
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
