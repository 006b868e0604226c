import type { ApiKey } from '../../../domain/api-key/api-key.js';
import type { CalendarFeed } from '../../../domain/calendar/calendar-feed.js';
import type { AchievementCode } from '../../../domain/gamification/achievements.js';
import type { CompletionLedger } from '../../../domain/gamification/completion-ledger.js';
import {
  type Completion,
  emptyProfile,
  type GamificationProfile,
} from '../../../domain/gamification/profile.js';
import type { StatusHistoryEntry } from '../../../domain/task/status-change.js';
import type { Task, TaskId, UserId } from '../../../domain/task/task.js';
import type { User } from '../../../domain/user/user.js';
import type { Delivery, DeliveryAttempt, Webhook } from '../../../domain/webhook/webhook.js';
import type {
  Card,
  Category,
  Client,
  MoneyRecord,
  Note,
  Project,
  TimeRecord,
} from '../../../domain/workspace/records.js';

export interface StoredCompletion extends Completion {
  readonly revokedAt: Date | null;
}

export interface StoredProfile {
  readonly totalPoints: number;
  readonly bestStreakDays: number;
  readonly standingCompletions: number;
  readonly achievements: ReadonlyMap<AchievementCode, Date>;
}

/**
 * Everything the in-memory adapter stores, as maps only: a transaction sees each through a draft
 * of its own (`DraftMap`), and commits by writing its changes into them.
 */
export interface InMemoryState {
  readonly users: Map<number, User>;
  readonly apiKeys: Map<number, ApiKey>;
  readonly tasks: Map<number, Task>;
  /** Each task's status history, oldest first. */
  readonly history: Map<TaskId, readonly StatusHistoryEntry[]>;
  /** Last number handed out per `${ownerId}:${scope}`. */
  readonly taskNumbers: Map<string, number>;
  readonly profiles: Map<UserId, StoredProfile>;
  /** Each task's completions, the taken-back ones included (at most one stands). */
  readonly completions: Map<TaskId, readonly StoredCompletion[]>;
  /** Each user's standing completions per local day: what a status change reads of them. */
  readonly ledgers: Map<UserId, CompletionLedger>;
  readonly clients: Map<number, Client>;
  readonly projects: Map<number, Project>;
  readonly categories: Map<number, Category>;
  readonly cards: Map<number, Card>;
  readonly notes: Map<number, Note>;
  readonly times: Map<number, TimeRecord>;
  readonly moneys: Map<number, MoneyRecord>;
  readonly webhooks: Map<number, Webhook>;
  readonly deliveries: Map<number, Delivery>;
  /** Each delivery's attempts, oldest first. */
  readonly attempts: Map<number, readonly DeliveryAttempt[]>;
  readonly calendarFeeds: Map<number, CalendarFeed>;
  /** Last id handed out per table. */
  readonly sequences: Map<string, number>;
}

export const emptyState = (): InMemoryState => ({
  users: new Map(),
  apiKeys: new Map(),
  tasks: new Map(),
  history: new Map(),
  taskNumbers: new Map(),
  profiles: new Map(),
  completions: new Map(),
  ledgers: new Map(),
  clients: new Map(),
  projects: new Map(),
  categories: new Map(),
  cards: new Map(),
  notes: new Map(),
  times: new Map(),
  moneys: new Map(),
  webhooks: new Map(),
  deliveries: new Map(),
  attempts: new Map(),
  calendarFeeds: new Map(),
  sequences: new Map(),
});

/** The user's profile as stored (none yet: the empty profile). */
export const profileOf = (userId: UserId, stored: StoredProfile | undefined): GamificationProfile =>
  stored === undefined
    ? emptyProfile(userId)
    : {
        userId,
        totalPoints: stored.totalPoints,
        bestStreakDays: stored.bestStreakDays,
        standingCompletions: stored.standingCompletions,
        achievements: [...stored.achievements].map(([code, unlockedAt]) => ({ code, unlockedAt })),
      };

export const nextId = (state: InMemoryState, table: string): number => {
  const id = (state.sequences.get(table) ?? 0) + 1;
  state.sequences.set(table, id);
  return id;
};
