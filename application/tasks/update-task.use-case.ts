import type { Task } from '../../domain/task/task.js';
import { decodeWith } from '../shared/decode.js';
import { TaskEditing, type TaskEditingError } from './edit-task.js';
import { updateTaskInput } from './task.codecs.js';

export type UpdateTaskError = TaskEditingError;

/** PATCH: changes only the fields sent; `{}` changes nothing. An assignee may send only `status`. */
export class UpdateTask extends TaskEditing {
  protected readonly decode = decodeWith(updateTaskInput);
  protected base(task: Task) {
    return task;
  }
}
