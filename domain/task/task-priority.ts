/** 1 critical (cannot move), 2 this week, 3 optional, 0 none. */
export const TaskPriority = { None: 0, Critical: 1, ThisWeek: 2, Optional: 3 } as const;
export type TaskPriority = (typeof TaskPriority)[keyof typeof TaskPriority];

export const TASK_PRIORITIES: readonly TaskPriority[] = [0, 1, 2, 3];
