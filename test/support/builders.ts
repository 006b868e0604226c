import { TASK_DEFAULTS, type Task } from '../../domain/task/task.js';
import type { TaskStatus } from '../../domain/task/task-status.js';
import type { TaskTitle } from '../../domain/task/task-title.js';

/** An object mother for tasks: sensible defaults, override what the test is about. */
export const aTask = (overrides: Partial<Task> & { status?: TaskStatus } = {}): Task => ({
  id: 1,
  ownerId: 1,
  clientTaskId: 1,
  title: 'A task' as TaskTitle,
  ...TASK_DEFAULTS,
  status: 0,
  completedAt: null,
  createdAt: new Date('2026-03-01T00:00:00Z'),
  updatedAt: new Date('2026-03-01T00:00:00Z'),
  version: 1,
  ...overrides,
});
