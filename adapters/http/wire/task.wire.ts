import { TASK_SORT_FIELDS } from '../../../application/ports/task-read-model.port.js';
import {
  createTaskInput,
  listTasksInput,
  pageInput,
  replaceTaskInput,
  updateTaskInput,
} from '../../../application/tasks/task.codecs.js';
import { sortParam, wireBody, wireQuery } from './wire-codecs.js';

/** Read-only task fields a GET returns; accepted and ignored in bodies so GET → edit → PUT works. */
const TASK_READ_ONLY = [
  'id',
  'owner_id',
  'client_task_id',
  'client_task_id_formatted',
  'created_at',
  'updated_at',
  'completed_at',
];

/** Tasks on the wire: bodies and list parameters (the responses are in the task presenter). */
export const taskWire = {
  create: wireBody(createTaskInput, { ignored: TASK_READ_ONLY }),
  replace: wireBody(replaceTaskInput, { ignored: TASK_READ_ONLY }),
  update: wireBody(updateTaskInput, { ignored: TASK_READ_ONLY }),
  list: wireQuery(listTasksInput, { fields: { sort: sortParam(TASK_SORT_FIELDS) } }),
  page: wireQuery(pageInput),
};
