export const ACHIEVEMENTS = [
  { code: 'first_task', name: 'First task completed', completed: 1 },
  { code: 'tasks_10', name: '10 tasks completed', completed: 10 },
  { code: 'tasks_100', name: '100 tasks completed', completed: 100 },
  { code: 'tasks_1000', name: '1000 tasks completed', completed: 1000 },
  { code: 'streak_3', name: '3-day streak', streak: 3 },
  { code: 'streak_7', name: '7-day streak', streak: 7 },
  { code: 'streak_30', name: '30-day streak', streak: 30 },
] as const;

export type AchievementCode = (typeof ACHIEVEMENTS)[number]['code'];

export interface UnlockedAchievement {
  readonly code: AchievementCode;
  readonly unlockedAt: Date;
}

export const achievementName = (code: AchievementCode): string =>
  ACHIEVEMENTS.find((a) => a.code === code)?.name ?? code;

export const isAchievementCode = (value: string): value is AchievementCode =>
  ACHIEVEMENTS.some((a) => a.code === value);

/** Codes earned by the current standing that are not unlocked yet. Achievements never lock again. */
export const newlyEarned = (
  unlocked: readonly UnlockedAchievement[],
  standing: { readonly completedTasks: number; readonly streakDays: number },
): AchievementCode[] => {
  const have = new Set(unlocked.map((a) => a.code));
  return ACHIEVEMENTS.filter((a) => {
    if (have.has(a.code)) return false;
    return 'completed' in a ? standing.completedTasks >= a.completed : standing.streakDays >= a.streak;
  }).map((a) => a.code);
};
