import type { Task } from '../../domain/task/task.js';
import { TaskEditing, type TaskEditingError } from './edit-task.js';

export type UpdateTaskError = TaskEditingError;

/** PATCH: changes only the fields sent; `{}` changes nothing. An assignee may send only `status`. */
export class UpdateTask extends TaskEditing {
  protected base(task: Task) {
    return task;
  }
}
