import { TASK_DEFAULTS, type Task } from '../../domain/task/task.js';
import { TaskEditing, type TaskEditingError } from './edit-task.js';
import type { ReplaceTaskBody } from './task.codecs.js';

export type ReplaceTaskError = TaskEditingError;

/** PUT: full replacement; omitted fields take their create defaults, except `status`, which stays. */
export class ReplaceTask extends TaskEditing<ReplaceTaskBody> {
  protected base(task: Task) {
    return { ...TASK_DEFAULTS, title: task.title };
  }
}
