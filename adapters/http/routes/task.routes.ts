import type { EditOutcome } from '../../../application/tasks/edit-task.js';
import type { Task } from '../../../domain/task/task.js';
import { ifMatchPrecondition } from '../conditional.js';
import { pagination, success } from '../envelope.js';
import { HISTORY_ENTRY, HISTORY_EXAMPLE, TASK } from '../openapi/resource-schemas.js';
import {
  closedObject,
  DELETED,
  EXAMPLE_PAGINATION,
  GAMIFICATION_FEEDBACK,
  GAMIFICATION_PROFILE,
  PAGINATION,
} from '../openapi/response-schemas.js';
import { presentFeedback, presentProfile } from '../presenters/gamification.presenter.js';
import { presentHistoryEntry, presentTask } from '../presenters/task.presenter.js';
import {
  type Reply,
  type Route,
  recordReply,
  respond,
  respondList,
  withInput,
  withPathId,
} from '../route.js';
import { taskWire } from '../wire/task.wire.js';

/** `gamification` sits beside `data` whenever the body held a status. */
const editReply = (outcome: EditOutcome): Reply =>
  recordReply(200, 'task', outcome.task, presentTask, {
    extra: outcome.gamification === null ? {} : { gamification: presentFeedback(outcome.gamification) },
  });

/** PATCH, PUT and DELETE go ahead only if the task still matches `If-Match` (when sent). */
const ifMatch = (header: string | undefined) => ifMatchPrecondition<Task>(header);

const tasks = (name: string) => ({ group: 'tasks', name }) as const;

const ONE_TASK = closedObject({ task: TASK.schema });
/** Beside `data` whenever the body held a status. */
const FEEDBACK = { gamification: GAMIFICATION_FEEDBACK };
const OWNER_ONLY =
  'Only the task’s owner may do this; its assignee may only change `status` (anything else is 403 `NOT_TASK_OWNER`).';
const STATUS_EFFECT =
  'A body with `status` changes it as `PATCH` would: one history entry per real change, and `gamification` beside `data` says what it did to the points.';

export const taskRoutes: readonly Route[] = [
  {
    method: 'GET',
    url: '/v1/tasks',
    operation: tasks('list'),
    doc: {
      tag: 'Tasks',
      summary: 'List tasks',
      description:
        'Tasks the key’s user owns or is assigned to, with filters. Default order: `id` ascending (`sort` changes it). Without `active`, archived tasks come too; `active=1` leaves out archived tasks and those of archived projects or clients, and `active=0` lists only those.',
      query: taskWire.list,
      answer: {
        status: 200,
        data: closedObject({ tasks: { type: 'array', items: TASK.schema }, pagination: PAGINATION }),
        example: { tasks: [TASK.example], pagination: EXAMPLE_PAGINATION },
        etag: true,
      },
    },
    handle: ({ session, query, ifNoneMatch }) =>
      withInput(taskWire.list, query, (input) =>
        respondList(
          ifNoneMatch,
          (known) => session.tasks.listIfChanged(known, input),
          (page) => success({ tasks: page.items.map(presentTask), pagination: pagination(page) }),
        ),
      ),
  },
  {
    method: 'POST',
    url: '/v1/tasks',
    operation: tasks('create'),
    doc: {
      tag: 'Tasks',
      summary: 'Create a task',
      description:
        'The task gets the next `client_task_id` of its client (gapless, from 1), and a first history entry. A `status` of 2 (done) scores at once.',
      body: taskWire.create,
      bodyExample: TASK.createExample,
      answer: { status: 201, data: ONE_TASK, example: { task: TASK.example }, etag: true, location: true },
    },
    handle: ({ session, body }) =>
      withInput(taskWire.create, body, (input) =>
        respond(session.tasks.create(input), (task) =>
          recordReply(201, 'task', task, presentTask, { headers: { location: `/v1/tasks/${task.id}` } }),
        ),
      ),
  },
  {
    method: 'GET',
    url: '/v1/tasks/:id',
    operation: tasks('get'),
    doc: {
      tag: 'Tasks',
      summary: 'Get a task',
      answer: { status: 200, data: ONE_TASK, example: { task: TASK.example }, etag: true },
    },
    handle: withPathId('task', (id, { session }) =>
      respond(session.tasks.get(id), (task) => recordReply(200, 'task', task, presentTask)),
    ),
  },
  {
    method: 'PATCH',
    url: '/v1/tasks/:id',
    operation: tasks('update'),
    doc: {
      tag: 'Tasks',
      summary: 'Change some fields of a task',
      description: `Fields left out keep their value; null clears a nullable one. ${STATUS_EFFECT} ${OWNER_ONLY}`,
      body: taskWire.update,
      bodyExample: { status: 2 },
      answer: {
        status: 200,
        data: ONE_TASK,
        example: { task: { ...TASK.example, status: 2 } },
        etag: true,
        beside: FEEDBACK,
      },
    },
    handle: withPathId('task', (id, { session, body, ifMatch: header }) =>
      withInput(taskWire.update, body, (input) =>
        respond(session.tasks.update(id, input, ifMatch(header)), editReply),
      ),
    ),
  },
  {
    method: 'PUT',
    url: '/v1/tasks/:id',
    operation: tasks('replace'),
    doc: {
      tag: 'Tasks',
      summary: 'Replace a task',
      description: `Fields left out take their defaults (null, or 0 for \`priority\` and \`status\`, 1 for \`active\`). ${STATUS_EFFECT} ${OWNER_ONLY}`,
      body: taskWire.replace,
      bodyExample: TASK.createExample,
      answer: { status: 200, data: ONE_TASK, example: { task: TASK.example }, etag: true, beside: FEEDBACK },
    },
    handle: withPathId('task', (id, { session, body, ifMatch: header }) =>
      withInput(taskWire.replace, body, (input) =>
        respond(session.tasks.replace(id, input, ifMatch(header)), editReply),
      ),
    ),
  },
  {
    method: 'DELETE',
    url: '/v1/tasks/:id',
    operation: tasks('delete'),
    doc: {
      tag: 'Tasks',
      summary: 'Delete a task',
      description: `Its history goes with it; points it earned stay. ${OWNER_ONLY}`,
      answer: {
        status: 200,
        data: DELETED,
        example: { deleted: true, id: 42 },
      },
    },
    handle: withPathId('task', (id, { session, ifMatch: header }) =>
      respond(session.tasks.delete(id, ifMatch(header)), (deleted) => ({
        status: 200,
        body: success({ deleted: true, id: deleted.id }),
      })),
    ),
  },
  {
    method: 'GET',
    url: '/v1/tasks/:id/history',
    operation: tasks('history'),
    doc: {
      tag: 'Tasks',
      summary: 'A task’s status history',
      description: 'Every status change of the task, oldest first; the first entry is its creation.',
      query: taskWire.page,
      answer: {
        status: 200,
        data: closedObject({ history: { type: 'array', items: HISTORY_ENTRY }, pagination: PAGINATION }),
        example: { history: [HISTORY_EXAMPLE], pagination: EXAMPLE_PAGINATION },
        etag: true,
      },
    },
    handle: withPathId('task', (id, { session, query, ifNoneMatch }) =>
      withInput(taskWire.page, query, (page) =>
        respondList(
          ifNoneMatch,
          (known) => session.tasks.historyIfChanged(id, known, page),
          (history) =>
            success({ history: history.items.map(presentHistoryEntry), pagination: pagination(history) }),
        ),
      ),
    ),
  },
  {
    method: 'GET',
    url: '/v1/gamification',
    operation: { group: 'gamification', name: 'profile' },
    doc: {
      tag: 'Gamification',
      summary: 'Points, level, streak and achievements',
      answer: {
        status: 200,
        data: closedObject({ profile: GAMIFICATION_PROFILE }),
        example: {
          profile: {
            total_points: 135,
            level: 2,
            level_name: 'Novice',
            next_level_at: 250,
            streak_days: 3,
            best_streak_days: 4,
            completed_today: 1,
            achievements: [
              { code: 'first_task', name: 'First task completed', unlocked_at: '2026-11-20 10:02:11' },
            ],
          },
        },
      },
    },
    handle: ({ session }) =>
      respond(session.gamification.profile(), (profile) => ({
        status: 200,
        body: success({ profile: presentProfile(profile) }),
      })),
  },
];
