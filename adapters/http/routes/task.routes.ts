import type { EditOutcome } from '../../../application/tasks/edit-task.js';
import { ifMatchPrecondition } from '../conditional.js';
import { pagination, success } from '../envelope.js';
import { presentFeedback, presentProfile } from '../presenters/gamification.presenter.js';
import { presentHistoryEntry, presentTask } from '../presenters/task.presenter.js';
import { type Reply, type Route, recordReply, respond, withInput, withPathId } from '../route.js';
import { taskWire } from '../wire/task.wire.js';

/** `gamification` sits beside `data` whenever the body held a status. */
const editReply = (outcome: EditOutcome): Reply =>
  recordReply(200, 'task', presentTask(outcome.task), {
    extra: outcome.gamification === null ? {} : { gamification: presentFeedback(outcome.gamification) },
  });

/** PATCH, PUT and DELETE go ahead only if the task still matches `If-Match` (when sent). */
const ifMatch = (header: string | undefined) => ifMatchPrecondition(header, presentTask);

const tasks = (name: string) => ({ group: 'tasks', name }) as const;

export const taskRoutes: readonly Route[] = [
  {
    method: 'GET',
    url: '/v1/tasks',
    operation: tasks('list'),
    handle: ({ session, query }) =>
      withInput(taskWire.list, query, (input) =>
        respond(session.tasks.list(input), (page) => ({
          status: 200,
          body: success({ tasks: page.items.map(presentTask), pagination: pagination(page) }),
        })),
      ),
  },
  {
    method: 'POST',
    url: '/v1/tasks',
    operation: tasks('create'),
    handle: ({ session, body }) =>
      withInput(taskWire.create, body, (input) =>
        respond(session.tasks.create(input), (task) =>
          recordReply(201, 'task', presentTask(task), { headers: { location: `/v1/tasks/${task.id}` } }),
        ),
      ),
  },
  {
    method: 'GET',
    url: '/v1/tasks/:id',
    operation: tasks('get'),
    handle: withPathId('task', (id, { session }) =>
      respond(session.tasks.get(id), (task) => recordReply(200, 'task', presentTask(task))),
    ),
  },
  {
    method: 'PATCH',
    url: '/v1/tasks/:id',
    operation: tasks('update'),
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
    handle: withPathId('task', (id, { session, query }) =>
      withInput(taskWire.page, query, (page) =>
        respond(session.tasks.history(id, page), (history) => ({
          status: 200,
          body: success({ history: history.items.map(presentHistoryEntry), pagination: pagination(history) }),
        })),
      ),
    ),
  },
  {
    method: 'GET',
    url: '/v1/gamification',
    operation: { group: 'gamification', name: 'profile' },
    handle: ({ session }) =>
      respond(session.gamification.profile(), (profile) => ({
        status: 200,
        body: success({ profile: presentProfile(profile) }),
      })),
  },
];
