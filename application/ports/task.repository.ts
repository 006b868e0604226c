import type { NewTask, Task, TaskId } from '../../domain/task/task.js';

/** Write-side access to tasks, inside a unit of work. */
export interface TaskRepository {
  /** Loads a task to change it; on databases with row locks the row stays locked until commit. */
  findForUpdate(id: TaskId): Promise<Task | null>;
  add(task: NewTask): Promise<Task>;
  /** Stores new tasks (an import's) as `add` does each, in fewer statements; answered in the order given. */
  addAll(tasks: readonly NewTask[]): Promise<Task[]>;
  /** Stores the task and returns it as stored (with its new version). */
  update(task: Task): Promise<Task>;
  /** Deletes the task and its status history. */
  delete(id: TaskId): Promise<void>;
}
