/** 1 critical (cannot move), 2 this week, 3 optional, 0 none. */
export const TaskPriority = { None: 0, Critical: 1, ThisWeek: 2, Optional: 3 } as const;
export type TaskPriority = (typeof TaskPriority)[keyof typeof TaskPriority];

export const TASK_PRIORITIES: readonly TaskPriority[] = [0, 1, 2, 3];

/**
 * A priority's place when tasks are ordered by importance: critical (0), this week (1), optional
 * (2), none (3). It is the code moved one down, none wrapping to the end: `(code + 3) mod 4`, which
 * both SQL databases compute alike.
 */
export const importanceRank = (priority: TaskPriority): number => (priority + 3) % 4;
