import { dayOf, type LocalDate, type LocalDateTime } from '../shared/local-date-time.js';
import { localDayIn, type TimeZone } from '../shared/time-zone.js';
import type { TaskPriority } from '../task/task-priority.js';
import { type AchievementCode, achievementName, newlyEarned } from './achievements.js';
import {
  type CompletionLedger,
  streakEndingAt,
  withCompletion,
  withoutCompletion,
} from './completion-ledger.js';
import { levelStanding } from './levels.js';
import type { Completion, GamificationProfile } from './profile.js';

const BASE_POINTS: Record<TaskPriority, number> = { 0: 10, 1: 30, 2: 20, 3: 10 };
const ON_TIME_BONUS = 5;
const MAX_STREAK_BONUS = 10;

/** A user's gamification state at one moment: the profile plus the completions that stand. */
export interface GamificationState {
  readonly profile: GamificationProfile;
  readonly ledger: CompletionLedger;
}

export interface CompletedTask {
  readonly id: number;
  readonly priority: TaskPriority;
  readonly date: LocalDateTime | null;
}

export interface Scored {
  readonly state: GamificationState;
  readonly completion: Completion;
  readonly unlocked: readonly AchievementCode[];
}

const unlock = (
  profile: GamificationProfile,
  codes: readonly AchievementCode[],
  at: Date,
): GamificationProfile =>
  codes.length === 0
    ? profile
    : {
        ...profile,
        achievements: [...profile.achievements, ...codes.map((code) => ({ code, unlockedAt: at }))],
      };

/**
 * Scores a completion: base points by priority, +5 when completed on or before the task's day,
 * and a streak bonus of min(10, 2 × streak) where the streak already counts today.
 */
export const scoreCompletion = (
  state: GamificationState,
  task: CompletedTask,
  zone: TimeZone,
  at: Date,
): Scored => {
  const today = localDayIn(zone, at);
  const ledger = withCompletion(state.ledger, today);
  const streakDays = streakEndingAt(ledger, today);
  const onTime = task.date !== null && today <= dayOf(task.date);
  const points =
    BASE_POINTS[task.priority] + (onTime ? ON_TIME_BONUS : 0) + Math.min(MAX_STREAK_BONUS, 2 * streakDays);
  const standing = state.profile.standingCompletions + 1;
  const unlocked = newlyEarned(state.profile.achievements, { completedTasks: standing, streakDays });
  const profile = unlock(
    {
      ...state.profile,
      totalPoints: state.profile.totalPoints + points,
      standingCompletions: standing,
      bestStreakDays: Math.max(state.profile.bestStreakDays, streakDays),
    },
    unlocked,
    at,
  );
  return {
    state: { profile, ledger },
    completion: { taskId: task.id, userId: state.profile.userId, day: today, points, completedAt: at },
    unlocked,
  };
};

/** Takes back exactly what `completion` awarded. */
export const revokeCompletion = (state: GamificationState, completion: Completion): GamificationState => ({
  profile: {
    ...state.profile,
    totalPoints: state.profile.totalPoints - completion.points,
    standingCompletions: Math.max(0, state.profile.standingCompletions - 1),
  },
  ledger: withoutCompletion(state.ledger, completion.day),
});

export interface ProfileSummary {
  readonly totalPoints: number;
  readonly level: number;
  readonly levelName: string;
  readonly nextLevelAt: number;
  readonly streakDays: number;
  readonly bestStreakDays: number;
  readonly completedToday: number;
}

export const summarize = (state: GamificationState, zone: TimeZone, at: Date): ProfileSummary => {
  const today: LocalDate = localDayIn(zone, at);
  return {
    totalPoints: state.profile.totalPoints,
    ...levelStanding(state.profile.totalPoints),
    streakDays: streakEndingAt(state.ledger, today),
    bestStreakDays: state.profile.bestStreakDays,
    completedToday: state.ledger.get(today) ?? 0,
  };
};

export type GamificationEvent = 'task_completed' | 'task_reopened' | 'status_changed' | 'no_change';

export interface GamificationFeedback extends ProfileSummary {
  readonly event: GamificationEvent;
  readonly pointsAwarded: number;
  readonly leveledUp: boolean;
  readonly achievementsUnlocked: readonly { readonly code: AchievementCode; readonly name: string }[];
  readonly message: string;
}

const describeEvent = (
  event: GamificationEvent,
  taskLabel: string,
  points: number,
  streak: number,
): string => {
  switch (event) {
    case 'task_completed':
      return `Task ${taskLabel} done: +${points} points.${streak > 1 ? ` ${streak}-day streak!` : ''}`;
    case 'task_reopened':
      return points === 0 ? `Task ${taskLabel} reopened.` : `Task ${taskLabel} reopened: ${points} points.`;
    case 'status_changed':
      return `Task ${taskLabel} status changed.`;
    case 'no_change':
      return `Task ${taskLabel} status unchanged.`;
  }
};

/** The feedback returned beside a status change, describing the caller's profile after it. */
export const feedback = (input: {
  readonly event: GamificationEvent;
  readonly before: GamificationState;
  readonly after: GamificationState;
  readonly unlocked: readonly AchievementCode[];
  readonly taskLabel: string;
  readonly zone: TimeZone;
  readonly at: Date;
}): GamificationFeedback => {
  const summary = summarize(input.after, input.zone, input.at);
  const pointsAwarded = input.after.profile.totalPoints - input.before.profile.totalPoints;
  return {
    event: input.event,
    pointsAwarded,
    ...summary,
    leveledUp: summary.level > levelStanding(input.before.profile.totalPoints).level,
    achievementsUnlocked: input.unlocked.map((code) => ({ code, name: achievementName(code) })),
    message: describeEvent(input.event, input.taskLabel, pointsAwarded, summary.streakDays),
  };
};
