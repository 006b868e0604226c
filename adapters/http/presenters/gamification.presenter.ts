import type { ProfileView } from '../../../application/gamification/get-gamification-profile.use-case.js';
import type { GamificationFeedback, ProfileSummary } from '../../../domain/gamification/scoring.js';
import { serverInstant } from './wire-values.js';

const presentSummary = (summary: ProfileSummary) => ({
  total_points: summary.totalPoints,
  level: summary.level,
  level_name: summary.levelName,
  next_level_at: summary.nextLevelAt,
  streak_days: summary.streakDays,
  best_streak_days: summary.bestStreakDays,
  completed_today: summary.completedToday,
});

export const presentFeedback = (feedback: GamificationFeedback) => ({
  event: feedback.event,
  points_awarded: feedback.pointsAwarded,
  ...presentSummary(feedback),
  leveled_up: feedback.leveledUp,
  achievements_unlocked: feedback.achievementsUnlocked,
  message: feedback.message,
});

export const presentProfile = (profile: ProfileView) => ({
  ...presentSummary(profile),
  achievements: profile.achievements.map((a) => ({
    code: a.code,
    name: a.name,
    unlocked_at: serverInstant(a.unlockedAt),
  })),
});
