import * as E from 'fp-ts/lib/Either.js';
import type { TaskPriority } from '../../domain/task/task-priority.js';
import { TASK_STATUSES, type TaskStatus } from '../../domain/task/task-status.js';
import {
  parseTaskTitle,
  type TaskTitle,
  TITLE_MAX_LENGTH,
  type TitleProblem,
} from '../../domain/task/task-title.js';
import { TASK_SORTS } from '../ports/task-read-model.port.js';
import { FieldCodec, nullable, object } from '../shared/codecs.js';
import type { TopLevelCode } from '../shared/decode.js';
import {
  DESCRIPTION_MAX_LENGTH,
  dateTime,
  duration,
  flag,
  integerChoice,
  money,
  queryChoice,
  queryDate,
  queryDateTime,
  queryEnum,
  queryFlag,
  queryId,
  queryText,
  recordId,
  text,
} from '../shared/fields.js';
import { pageParams } from '../shared/paging.js';
import { problem } from '../shared/validation-detail.js';

const PRIORITIES: readonly TaskPriority[] = [0, 1, 2, 3];

const TITLE_PROBLEMS = {
  REQUIRED: problem('REQUIRED', 'the task title is required'),
  TOO_LONG: problem('TOO_LONG', `must be at most ${TITLE_MAX_LENGTH} characters`),
  INVALID_FORMAT: problem('INVALID_FORMAT', 'must not contain the NUL character'),
} as const;

export const titleCodec = new FieldCodec<TaskTitle>(
  'TaskTitle',
  { type: 'string', minLength: 1, maxLength: TITLE_MAX_LENGTH, description: 'Trimmed; 1..191 characters' },
  (s: string) => E.getOrElseW((p: TitleProblem) => TITLE_PROBLEMS[p])(parseTaskTitle(s)),
  (title) => title,
  TITLE_PROBLEMS.REQUIRED,
);

/** Every field a caller may write on a task. */
export const taskFieldCodecs = {
  title: titleCodec,
  description: nullable(text('TaskDescription', DESCRIPTION_MAX_LENGTH)),
  date: nullable(dateTime('TaskDate', 'Planned date/time, YYYY-MM-DD HH:MM:SS')),
  priority: integerChoice('TaskPriority', PRIORITIES, '1 critical, 2 this week, 3 optional, 0 none'),
  status: integerChoice<TaskStatus>('TaskStatus', TASK_STATUSES, '0 new, 1 in progress, 2 done, 3 cancelled'),
  active: flag('Active', '1 active, 0 archived'),
  project_id: nullable(recordId('ProjectId')),
  client_id: nullable(recordId('ClientId')),
  category_id: nullable(recordId('CategoryId')),
  assignee_id: nullable(recordId('UserId')),
  time_planned: nullable(duration('TimePlanned', 'H:MM:SS')),
  price_planned: nullable(money('PricePlanned', { positive: false })),
};

/** Read-only task fields a GET returns; accepted and ignored in bodies so GET → edit → PUT works. */
export const TASK_READ_ONLY_FIELDS = [
  'id',
  'owner_id',
  'client_task_id',
  'client_task_id_formatted',
  'created_at',
  'updated_at',
  'completed_at',
] as const;

export const createTaskBody = object('CreateTaskBody', taskFieldCodecs, {
  required: ['title'],
  ignored: TASK_READ_ONLY_FIELDS,
});
export const replaceTaskBody = createTaskBody;
export const patchTaskBody = object('PatchTaskBody', taskFieldCodecs, { ignored: TASK_READ_ONLY_FIELDS });
export const statusBody = object(
  'ChangeTaskStatusBody',
  { status: taskFieldCodecs.status },
  { required: ['status'] },
);

/** TITLE_REQUIRED wins over every other problem, then TITLE_TOO_LONG. */
export const taskTopLevelCode: TopLevelCode = (details) => {
  const title = details.find((d) => d.field === 'title');
  if (title?.code === 'REQUIRED') return 'TITLE_REQUIRED';
  if (title?.code === 'TOO_LONG') return 'TITLE_TOO_LONG';
  return 'VALIDATION_ERROR';
};

export const pageQuery = object('PageQuery', pageParams, { unknownCode: 'UNKNOWN_PARAMETER' });

export const listTasksQuery = object(
  'ListTasksQuery',
  {
    ...pageParams,
    status: queryChoice<TaskStatus>('TaskStatus', TASK_STATUSES),
    active: queryFlag('Active', 'Cascades to the project and the client'),
    project_id: queryId('ProjectId'),
    client_id: queryId('ClientId'),
    category_id: queryId('CategoryId'),
    client_task_id: queryId('ClientTaskId'),
    assignee_id: queryId('UserId'),
    date: queryDate('Date', 'Tasks planned on that day'),
    date_from: queryDate('DateFrom', 'Planned on or after that day'),
    date_to: queryDate('DateTo', 'Planned on or before that day'),
    search: queryText('Search', 191, 'Case-insensitive substring of title or description'),
    priority: queryChoice<TaskPriority>('TaskPriority', PRIORITIES),
    updated_since: queryDateTime('UpdatedSince', 'UTC'),
    sort: queryEnum('TaskSort', TASK_SORTS),
  },
  { unknownCode: 'UNKNOWN_PARAMETER' },
);
