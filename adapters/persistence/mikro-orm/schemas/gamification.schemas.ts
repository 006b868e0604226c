import { defineEntity, p } from '@mikro-orm/core';
import { isAchievementCode } from '../../../../domain/gamification/achievements.js';
import type { GamificationProfile } from '../../../../domain/gamification/profile.js';
import type { UserId } from '../../../../domain/task/task.js';
import { domainValue, instant } from '../typed-values.js';
import { epochMillis, idColumn } from './column-types.js';
import { UserSchema } from './user.schemas.js';

export const ProfileSchema = defineEntity({
  name: 'ProfileRecord',
  tableName: 'gamification_profiles',
  properties: {
    userId: () =>
      p.oneToOne(UserSchema).owner().mapToPk().primary().fieldName('user_id').deleteRule('cascade'),
    totalPoints: p.integer().fieldName('total_points'),
    bestStreakDays: p.integer().fieldName('best_streak_days'),
    // Completions of this user that still stand, kept on each change.
    standingCompletions: p.integer().fieldName('standing_completions').default(0),
  },
});

export const AchievementSchema = defineEntity({
  name: 'AchievementRecord',
  tableName: 'user_achievements',
  properties: {
    userId: p.integer().primary().fieldName('user_id'),
    code: p.string().length(32).primary(),
    unlockedAt: epochMillis().fieldName('unlocked_at'),
  },
});

/** One completion and what it awarded; `revoked_at` is set when the task leaves done. */
export const CompletionSchema = defineEntity({
  name: 'CompletionRecord',
  tableName: 'task_completions',
  indexes: [
    { name: 'task_completions_user_index', properties: ['userId', 'revokedAt'] },
    { name: 'task_completions_task_index', properties: ['taskId'] },
  ],
  properties: {
    id: idColumn(),
    userId: p.integer().fieldName('user_id'),
    // No foreign key: points stay when the task is deleted.
    taskId: p.integer().fieldName('task_id'),
    // The user's local day, `YYYY-MM-DD`.
    day: p.string().length(10),
    points: p.integer(),
    completedAt: epochMillis().fieldName('completed_at'),
    revokedAt: epochMillis().fieldName('revoked_at').nullable(),
  },
});

/**
 * Standing completions per user and local day, kept on each completion and take-back: a streak is
 * read from the days around today instead of aggregating every completion the user ever made.
 */
export const CompletionDaySchema = defineEntity({
  name: 'CompletionDayRecord',
  tableName: 'completion_days',
  properties: {
    userId: p.integer().primary().fieldName('user_id'),
    day: p.string().length(10).primary(),
    standing: p.integer(),
  },
});

/** A profile from its row (none yet: zeros) and its achievements' rows. */
export const profileFromRows = (
  userId: UserId,
  profile: { total_points: number; best_streak_days: number; standing_completions: number } | undefined,
  achievements: readonly { code: string; unlocked_at: number }[],
): GamificationProfile => ({
  userId,
  totalPoints: profile?.total_points ?? 0,
  bestStreakDays: profile?.best_streak_days ?? 0,
  standingCompletions: profile?.standing_completions ?? 0,
  achievements: achievements
    .filter((achievement) => isAchievementCode(achievement.code))
    .map((achievement) => ({
      code: domainValue('user_achievements', 'code', achievement.code, (code) =>
        isAchievementCode(code) ? code : null,
      ),
      unlockedAt: instant(achievement.unlocked_at),
    })),
});
