import type { GetGamificationProfile } from '../../../application/gamification/get-gamification-profile.use-case.js';
import type { CreateTask } from '../../../application/tasks/create-task.use-case.js';
import type { DeleteTask } from '../../../application/tasks/delete-task.use-case.js';
import type { EditOutcome } from '../../../application/tasks/edit-task.js';
import type { GetTask } from '../../../application/tasks/get-task.use-case.js';
import type { GetTaskHistory } from '../../../application/tasks/get-task-history.use-case.js';
import type { ListTasks } from '../../../application/tasks/list-tasks.use-case.js';
import type { ReplaceTask } from '../../../application/tasks/replace-task.use-case.js';
import type { UpdateTask } from '../../../application/tasks/update-task.use-case.js';
import { pagination, success } from '../envelope.js';
import { presentFeedback, presentProfile } from '../presenters/gamification.presenter.js';
import { presentHistoryEntry, presentTask } from '../presenters/task.presenter.js';
import { type Reply, type Route, respond, withPathId } from '../route.js';

export interface TaskUseCases {
  readonly createTask: CreateTask;
  readonly getTask: GetTask;
  readonly listTasks: ListTasks;
  readonly updateTask: UpdateTask;
  readonly replaceTask: ReplaceTask;
  readonly deleteTask: DeleteTask;
  readonly getTaskHistory: GetTaskHistory;
  readonly getGamificationProfile: GetGamificationProfile;
}

const read = { resource: 'tasks', access: 'read' } as const;
const write = { resource: 'tasks', access: 'write' } as const;

/** `gamification` sits beside `data` whenever the body held a status. */
const editReply = (outcome: EditOutcome): Reply => ({
  status: 200,
  body:
    outcome.gamification === null
      ? success({ task: presentTask(outcome.task) })
      : {
          ...success({ task: presentTask(outcome.task) }),
          gamification: presentFeedback(outcome.gamification),
        },
});

export const taskRoutes = (useCases: TaskUseCases): Route[] => [
  {
    method: 'GET',
    url: '/v1/tasks',
    scope: read,
    handle: (request) =>
      respond(useCases.listTasks.execute(request.principal, request.query), (page) => ({
        status: 200,
        body: success({ tasks: page.items.map(presentTask), pagination: pagination(page) }),
      })),
  },
  {
    method: 'POST',
    url: '/v1/tasks',
    scope: write,
    handle: (request) =>
      respond(useCases.createTask.execute(request.principal, request.body), (task) => ({
        status: 201,
        body: success({ task: presentTask(task) }),
        headers: { location: `/v1/tasks/${task.id}` },
      })),
  },
  {
    method: 'GET',
    url: '/v1/tasks/:id',
    scope: read,
    handle: withPathId('task', (id, request) =>
      respond(useCases.getTask.execute(request.principal, id), (task) => ({
        status: 200,
        body: success({ task: presentTask(task) }),
      })),
    ),
  },
  {
    method: 'PATCH',
    url: '/v1/tasks/:id',
    scope: write,
    handle: withPathId('task', (id, request) =>
      respond(useCases.updateTask.execute(request.principal, id, request.body), editReply),
    ),
  },
  {
    method: 'PUT',
    url: '/v1/tasks/:id',
    scope: write,
    handle: withPathId('task', (id, request) =>
      respond(useCases.replaceTask.execute(request.principal, id, request.body), editReply),
    ),
  },
  {
    method: 'DELETE',
    url: '/v1/tasks/:id',
    scope: write,
    handle: withPathId('task', (id, request) =>
      respond(useCases.deleteTask.execute(request.principal, id), (deleted) => ({
        status: 200,
        body: success({ deleted: true, id: deleted.id }),
      })),
    ),
  },
  {
    method: 'GET',
    url: '/v1/tasks/:id/history',
    scope: read,
    handle: withPathId('task', (id, request) =>
      respond(useCases.getTaskHistory.execute(request.principal, id, request.query), (page) => ({
        status: 200,
        body: success({ history: page.items.map(presentHistoryEntry), pagination: pagination(page) }),
      })),
    ),
  },
  {
    method: 'GET',
    url: '/v1/gamification',
    scope: read,
    handle: (request) =>
      respond(useCases.getGamificationProfile.execute(request.principal), (profile) => ({
        status: 200,
        body: success({ profile: presentProfile(profile) }),
      })),
  },
];
