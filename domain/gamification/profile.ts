import type { LocalDate } from '../shared/local-date-time.js';
import type { UserId } from '../task/task.js';
import type { UnlockedAchievement } from './achievements.js';

export interface GamificationProfile {
  readonly userId: UserId;
  readonly totalPoints: number;
  /** Never decreases, even when completions are taken back. */
  readonly bestStreakDays: number;
  /** Completions that still stand, over all time: kept as a count so no change reads them all. */
  readonly standingCompletions: number;
  readonly achievements: readonly UnlockedAchievement[];
}

export const emptyProfile = (userId: UserId): GamificationProfile => ({
  userId,
  totalPoints: 0,
  bestStreakDays: 0,
  standingCompletions: 0,
  achievements: [],
});

/** What one completion awarded, kept so that leaving done can take back exactly that. */
export interface Completion {
  readonly taskId: number;
  readonly userId: UserId;
  readonly day: LocalDate;
  readonly points: number;
  readonly completedAt: Date;
}
