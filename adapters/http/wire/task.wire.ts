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
  list: wireQuery(listTasksInput, {
    fields: {
      sort: sortParam(
        TASK_SORT_FIELDS,
        'The order of the list (default `id`); `-` before a field for descending. Nulls come last either way, ties go by id ascending. `priority` orders by the stored code (0 none, 1 critical, 2 this week, 3 optional); `importance` by what it means: critical, this week, optional, then none.',
      ),
    },
  }),
  page: wireQuery(pageInput),
};
