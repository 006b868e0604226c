import type { ApiKey } from '../../../domain/api-key/api-key.js';
import type { AchievementCode } from '../../../domain/gamification/achievements.js';
import type { Completion } from '../../../domain/gamification/profile.js';
import type { StatusHistoryEntry } from '../../../domain/task/status-change.js';
import type { Task, UserId } from '../../../domain/task/task.js';
import type { User } from '../../../domain/user/user.js';
import type { Delivery, Webhook } from '../../../domain/webhook/webhook.js';
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

/** Everything the in-memory adapter stores; one value, so a transaction can work on a copy. */
export interface InMemoryState {
  users: Map<number, User>;
  apiKeys: Map<number, ApiKey>;
  tasks: Map<number, Task>;
  history: StatusHistoryEntry[];
  /** Last number handed out per `${ownerId}:${scope}`. */
  taskNumbers: Map<string, number>;
  profiles: Map<UserId, StoredProfile>;
  completions: StoredCompletion[];
  clients: Map<number, Client>;
  projects: Map<number, Project>;
  categories: Map<number, Category>;
  cards: Map<number, Card>;
  notes: Map<number, Note>;
  times: Map<number, TimeRecord>;
  moneys: Map<number, MoneyRecord>;
  webhooks: Map<number, Webhook>;
  deliveries: Map<number, Delivery>;
  /** Last id handed out per table. */
  sequences: Map<string, number>;
}

export const emptyState = (): InMemoryState => ({
  users: new Map(),
  apiKeys: new Map(),
  tasks: new Map(),
  history: [],
  taskNumbers: new Map(),
  profiles: new Map(),
  completions: [],
  clients: new Map(),
  projects: new Map(),
  categories: new Map(),
  cards: new Map(),
  notes: new Map(),
  times: new Map(),
  moneys: new Map(),
  webhooks: new Map(),
  deliveries: new Map(),
  sequences: new Map(),
});

export const nextId = (state: InMemoryState, table: string): number => {
  const id = (state.sequences.get(table) ?? 0) + 1;
  state.sequences.set(table, id);
  return id;
};
