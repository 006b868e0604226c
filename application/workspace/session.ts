import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import * as TE from 'fp-ts/lib/TaskEither.js';
import type { TogetherOptions } from '../ports/unit-of-work.port.js';
import type { Actor } from '../shared/actor.js';
import type { Admit } from './admission.js';
import type { Preparers, SessionInputs } from './input-codecs.js';
import { CALLER_GROUP, SYNC_GROUP, WORKSPACE_GROUP } from './scope-policy.js';
import { mapAnswers } from './session-answers.js';
import { admitReading, forId, given, runnerOf } from './session-binding.js';
import { calendarFeedOperations } from './session-calendar.js';
import { namedPreparers, recordOperations } from './session-records.js';
import { reportOperations } from './session-reports.js';
import type { CallError, Outcome, Session } from './session-types.js';
import { webhookOperations } from './session-webhooks.js';
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
    workspace: {
      export: () =>
        pipe(
          admit(WORKSPACE_GROUP, 'export'),
          TE.flatMap(() => useCases.portability.export.execute(actor)),
        )(),
      import: (document) =>
        pipe(
          admit(WORKSPACE_GROUP, 'import'),
          TE.flatMap(() => useCases.portability.import.execute(actor, document)),
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
    calendarFeeds: calendarFeedOperations(useCases.calendarFeeds, prepare, actor, admit),
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
