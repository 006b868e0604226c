import { epochMillis } from './column-types.js';
import { defineTable } from './table-definition.js';

export interface ProfileRecord {
  userId: number;
  totalPoints: number;
  bestStreakDays: number;
  /** Completions of this user that still stand, kept on each change. */
  standingCompletions: number;
}

export const ProfileSchema = defineTable<ProfileRecord>({
  name: 'ProfileRecord',
  tableName: 'gamification_profiles',
  properties: {
    userId: {
      kind: '1:1',
      type: 'UserRecord',
      mapToPk: true,
      primary: true,
      fieldName: 'user_id',
      deleteRule: 'cascade',
    },
    totalPoints: { type: 'integer', fieldName: 'total_points' },
    bestStreakDays: { type: 'integer', fieldName: 'best_streak_days' },
    standingCompletions: { type: 'integer', fieldName: 'standing_completions', default: 0 },
  },
});

export interface AchievementRecord {
  userId: number;
  code: string;
  unlockedAt: number;
}

export const AchievementSchema = defineTable<AchievementRecord>({
  name: 'AchievementRecord',
  tableName: 'user_achievements',
  properties: {
    userId: { type: 'integer', primary: true, fieldName: 'user_id' },
    code: { type: 'string', length: 32, primary: true },
    unlockedAt: { type: epochMillis(), fieldName: 'unlocked_at' },
  },
});

/** One completion and what it awarded; `revoked_at` is set when the task leaves done. */
export interface CompletionRecord {
  id: number;
  userId: number;
  /** No foreign key: points stay when the task is deleted. */
  taskId: number;
  /** The user's local day, `YYYY-MM-DD`. */
  day: string;
  points: number;
  completedAt: number;
  revokedAt: number | null;
}

export const CompletionSchema = defineTable<CompletionRecord>({
  name: 'CompletionRecord',
  tableName: 'task_completions',
  indexes: [
    { name: 'task_completions_user_index', properties: ['userId', 'revokedAt'] },
    { name: 'task_completions_task_index', properties: ['taskId'] },
  ],
  properties: {
    id: { type: 'integer', primary: true, autoincrement: true },
    userId: { type: 'integer', fieldName: 'user_id' },
    taskId: { type: 'integer', fieldName: 'task_id' },
    day: { type: 'string', length: 10 },
    points: { type: 'integer' },
    completedAt: { type: epochMillis(), fieldName: 'completed_at' },
    revokedAt: { type: epochMillis(), fieldName: 'revoked_at', nullable: true },
  },
});

/**
 * Standing completions per user and local day, kept on each completion and take-back: a streak is
 * read from the days around today instead of aggregating every completion the user ever made.
 */
export interface CompletionDayRecord {
  userId: number;
  /** The user's local day, `YYYY-MM-DD`. */
  day: string;
  standing: number;
}

export const CompletionDaySchema = defineTable<CompletionDayRecord>({
  name: 'CompletionDayRecord',
  tableName: 'completion_days',
  properties: {
    userId: { type: 'integer', primary: true, fieldName: 'user_id' },
    day: { type: 'string', length: 10, primary: true },
    standing: { type: 'integer' },
  },
});
