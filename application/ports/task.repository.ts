import type { NewTask, Task, TaskId } from '../../domain/task/task.js';

/** Write-side access to tasks, inside a unit of work. */
export interface TaskRepository {
  /** Loads a task to change it; on databases with row locks the row stays locked until commit. */
  findForUpdate(id: TaskId): Promise<Task | null>;
  add(task: NewTask): Promise<Task>;
  update(task: Task): Promise<void>;
  /** Deletes the task and its status history. */
  delete(id: TaskId): Promise<void>;
}
