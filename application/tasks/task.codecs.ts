import * as E from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import type { TaskFields } from '../../domain/task/task.js';
import { TASK_PRIORITIES, type TaskPriority } from '../../domain/task/task-priority.js';
import { TASK_STATUSES, type TaskStatus } from '../../domain/task/task-status.js';
import {
  parseTaskTitle,
  type TaskTitle,
  TITLE_MAX_LENGTH,
  type TitleProblem,
} from '../../domain/task/task-title.js';
import { TASK_SORT_FIELDS } from '../ports/task-read-model.port.js';
import { FieldCodec, nullable, object } from '../shared/codecs.js';
import type { TopLevelCode } from '../shared/errors.js';
import {
  boolean,
  DESCRIPTION_MAX_LENGTH,
  duration,
  instant,
  integerChoice,
  localDate,
  localDateTime,
  money,
  recordId,
  sortOrder,
  text,
} from '../shared/fields.js';
import { pageParams } from '../shared/paging.js';
import { problem } from '../shared/validation-detail.js';

const TITLE_PROBLEMS = {
  REQUIRED: problem('REQUIRED', 'the task title is required'),
  TOO_LONG: problem('TOO_LONG', `must be at most ${TITLE_MAX_LENGTH} characters`),
  INVALID_FORMAT: problem('INVALID_FORMAT', 'must not contain the NUL character'),
} as const;

export const titleCodec = new FieldCodec<TaskTitle, string>(
  'TaskTitle',
  { type: 'string', minLength: 1, maxLength: TITLE_MAX_LENGTH, description: 'Trimmed; 1..191 characters' },
  (s: string) => E.getOrElseW((p: TitleProblem) => TITLE_PROBLEMS[p])(parseTaskTitle(s)),
  (title) => title,
  TITLE_PROBLEMS.REQUIRED,
);

export const taskStatusCodec = integerChoice<TaskStatus>(
  'TaskStatus',
  TASK_STATUSES,
  '0 new, 1 in progress, 2 done, 3 cancelled',
);

/**
 * Every field a caller may write on a task, and its status: one codec per field of `TaskFields`,
 * so a field added there is a compile error here until it has one.
 */
export const taskFieldCodecs = {
  title: titleCodec,
  description: nullable(text('TaskDescription', DESCRIPTION_MAX_LENGTH)),
  date: nullable(localDateTime('TaskDate', 'Planned date and time, wall-clock in the owner’s zone')),
  priority: integerChoice<TaskPriority>(
    'TaskPriority',
    TASK_PRIORITIES,
    '1 critical, 2 this week, 3 optional, 0 none',
  ),
  status: taskStatusCodec,
  active: boolean('Active', 'Archived when false'),
  projectId: nullable(recordId('ProjectId')),
  clientId: nullable(recordId('ClientId')),
  categoryId: nullable(recordId('CategoryId')),
  assigneeId: nullable(recordId('UserId')),
  timePlanned: nullable(duration('TimePlanned', 'Planned time in seconds')),
  pricePlanned: nullable(money('PricePlanned', { positive: false })),
} satisfies Record<keyof TaskFields | 'status', unknown>;

/** Read-only fields of a task; accepted and ignored in inputs so get → edit → replace works. */
export const TASK_READ_ONLY_FIELDS = [
  'id',
  'ownerId',
  'clientTaskId',
  'createdAt',
  'updatedAt',
  'completedAt',
  'version',
] as const;

/** TITLE_REQUIRED wins over every other problem, then TITLE_TOO_LONG. */
export const taskTopLevelCode: TopLevelCode = (details) => {
  const title = details.find((d) => d.field === 'title');
  if (title?.code === 'REQUIRED') return 'TITLE_REQUIRED';
  if (title?.code === 'TOO_LONG') return 'TITLE_TOO_LONG';
  return 'VALIDATION_ERROR';
};

export const createTaskInput = object('CreateTaskInput', taskFieldCodecs, {
  required: ['title'],
  ignored: TASK_READ_ONLY_FIELDS,
  topLevel: taskTopLevelCode,
});
export const replaceTaskInput = object('ReplaceTaskInput', taskFieldCodecs, {
  required: ['title'],
  ignored: TASK_READ_ONLY_FIELDS,
  topLevel: taskTopLevelCode,
});
export type ReplaceTaskBody = t.TypeOf<typeof replaceTaskInput>;
export const updateTaskInput = object('UpdateTaskInput', taskFieldCodecs, {
  ignored: TASK_READ_ONLY_FIELDS,
  topLevel: taskTopLevelCode,
});
export const changeStatusInput = object(
  'ChangeTaskStatusInput',
  { status: taskStatusCodec },
  { required: ['status'] },
);
export type ChangeStatusBody = t.TypeOf<typeof changeStatusInput>;

export type CreateTaskBody = t.TypeOf<typeof createTaskInput>;

export const pageInput = object('PageInput', pageParams);
export type PageBody = t.TypeOf<typeof pageInput>;

export const listTasksInput = object('ListTasksInput', {
  ...pageParams,
  status: taskStatusCodec,
  active: boolean('Active', 'Cascades to the project and the client'),
  projectId: recordId('ProjectId'),
  clientId: recordId('ClientId'),
  categoryId: recordId('CategoryId'),
  clientTaskId: recordId('ClientTaskId'),
  assigneeId: recordId('UserId'),
  date: localDate('Date', 'Tasks planned on that day'),
  dateFrom: localDate('DateFrom', 'Planned on or after that day'),
  dateTo: localDate('DateTo', 'Planned on or before that day'),
  search: text('Search', 191, 'Case-insensitive substring of title or description'),
  priority: integerChoice<TaskPriority>('TaskPriority', TASK_PRIORITIES),
  updatedSince: instant('UpdatedSince', 'Changed at or after this instant'),
  sort: sortOrder('TaskSort', TASK_SORT_FIELDS),
});
export type ListTasksBody = t.TypeOf<typeof listTasksInput>;
