export const TaskStatus = { New: 0, InProgress: 1, Done: 2, Cancelled: 3 } as const;
export type TaskStatus = (typeof TaskStatus)[keyof typeof TaskStatus];

export const TASK_STATUSES: readonly TaskStatus[] = [0, 1, 2, 3];

export const isTaskStatus = (value: number): value is TaskStatus =>
  (TASK_STATUSES as readonly number[]).includes(value);
