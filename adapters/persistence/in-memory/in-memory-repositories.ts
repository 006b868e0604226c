import type { ChangeResource } from '../../../application/ports/change-log.port.js';
import type { Repositories } from '../../../application/ports/unit-of-work.port.js';
import type { AchievementCode } from '../../../domain/gamification/achievements.js';
import { withCompletion, withoutCompletion } from '../../../domain/gamification/completion-ledger.js';
import type { LocalDate } from '../../../domain/shared/local-date-time.js';
import type { StatusChange } from '../../../domain/task/status-change.js';
import type { UserId } from '../../../domain/task/task.js';
import type { ChangeRecorder } from '../change-recorder.js';
import { inMemoryCalendarFeeds } from './in-memory-calendar-feed.repository.js';
import { inMemoryRecords, inMemoryUsage } from './in-memory-record.repository.js';
import { type InMemoryState, nextId, profileOf } from './in-memory-state.js';
import { inMemoryWebhooks } from './in-memory-webhook.repository.js';

/** Every repository over one transaction's draft state, noting what it changes in `changes`. */
const appendHistory = (state: InMemoryState, change: StatusChange): void => {
  const entry = { ...change, id: nextId(state, 'task_status_history') };
  state.history.set(change.taskId, [...(state.history.get(change.taskId) ?? []), entry]);
};

export const inMemoryRepositories = (
  state: InMemoryState,
  changes: ChangeRecorder,
  latestSeq: (userId: UserId) => number,
): Repositories => ({
  webhooks: inMemoryWebhooks(state, latestSeq),
  calendarFeeds: inMemoryCalendarFeeds(state),
  changeNotes: {
    statusChanged: (taskId, note) => changes.statusChanged(taskId, note),
    // The memory store appends its log as a commit replaces its state: the changes wait for it.
    writeAhead: async () => undefined,
  },
  tasks: {
    findForUpdate: async (id) => state.tasks.get(id) ?? null,
    add: async (task) => {
      const stored = { ...task, id: nextId(state, 'tasks') };
      state.tasks.set(stored.id, stored);
      changes.recordTask(stored.id, null, stored);
      return stored;
    },
    addAll: async (tasks) =>
      tasks.map((task) => {
        const stored = { ...task, id: nextId(state, 'tasks') };
        state.tasks.set(stored.id, stored);
        changes.recordTask(stored.id, null, stored);
        return stored;
      }),
    update: async (task) => {
      const stored = { ...task, version: task.version + 1 };
      const before = state.tasks.get(task.id) ?? stored;
      state.tasks.set(task.id, stored);
      changes.recordTask(task.id, before, stored);
      return stored;
    },
    delete: async (id) => {
      const deleted = state.tasks.get(id);
      state.tasks.delete(id);
      state.history.delete(id);
      // Records that pointed at the task stay, without the link.
      const unlink = <R extends { readonly taskId: number | null; readonly ownerId: UserId }>(
        resource: ChangeResource,
        records: Map<number, R>,
      ) => {
        for (const [key, record] of records)
          if (record.taskId === id) {
            records.set(key, { ...record, taskId: null });
            changes.record(record.ownerId, resource, key, 'updated');
          }
      };
      unlink('notes', state.notes);
      unlink('times', state.times);
      unlink('moneys', state.moneys);
      if (deleted !== undefined) changes.recordTask(id, deleted, null);
    },
  },
  taskNumbers: {
    next: async (ownerId, scope) => {
      const key = `${ownerId}:${scope}`;
      const number = (state.taskNumbers.get(key) ?? 0) + 1;
      state.taskNumbers.set(key, number);
      return number;
    },
    raiseTo: async (ownerId, scope, taken) => {
      const key = `${ownerId}:${scope}`;
      state.taskNumbers.set(key, Math.max(state.taskNumbers.get(key) ?? 0, taken));
    },
  },
  history: {
    append: async (change) => appendHistory(state, change),
    appendAll: async (changes) => {
      for (const change of changes) appendHistory(state, change);
    },
  },
  gamification: {
    // Everything is at hand in memory: the ledger holds every day, which covers the window asked for.
    load: async (userId) => {
      const ledger = state.ledgers.get(userId) ?? new Map<LocalDate, number>();
      return { profile: profileOf(userId, state.profiles.get(userId)), ledger };
    },
    save: async ({ profile }) => {
      state.profiles.set(profile.userId, {
        totalPoints: profile.totalPoints,
        bestStreakDays: profile.bestStreakDays,
        standingCompletions: profile.standingCompletions,
        achievements: new Map<AchievementCode, Date>(profile.achievements.map((a) => [a.code, a.unlockedAt])),
      });
    },
    recordCompletions: async (completions) => {
      for (const completion of completions) {
        const ofTask = state.completions.get(completion.taskId) ?? [];
        state.completions.set(completion.taskId, [...ofTask, { ...completion, revokedAt: null }]);
        const ledger = state.ledgers.get(completion.userId) ?? new Map();
        state.ledgers.set(completion.userId, withCompletion(ledger, completion.day));
      }
    },
    revokeCompletion: async (taskId, at) => {
      const ofTask = state.completions.get(taskId) ?? [];
      const standing = ofTask.find((c) => c.revokedAt === null);
      if (standing === undefined) return null;
      state.completions.set(
        taskId,
        ofTask.map((c) => (c === standing ? { ...c, revokedAt: at } : c)),
      );
      const ledger = state.ledgers.get(standing.userId) ?? new Map();
      state.ledgers.set(standing.userId, withoutCompletion(ledger, standing.day));
      const { revokedAt: _, ...completion } = standing;
      return completion;
    },
  },
  references: {
    client: async (ownerId, id) => state.clients.get(id)?.ownerId === ownerId,
    project: async (ownerId, id) => {
      const project = state.projects.get(id);
      return project?.ownerId === ownerId ? { id: project.id, clientId: project.clientId } : null;
    },
    category: async (ownerId, id) => state.categories.get(id)?.ownerId === ownerId,
    task: async (ownerId, id) => {
      const task = state.tasks.get(id);
      return task?.ownerId === ownerId ? { id, projectId: task.projectId, clientId: task.clientId } : null;
    },
    card: async (ownerId, id) => state.cards.get(id)?.ownerId === ownerId,
    user: async (id: UserId) => state.users.has(id),
  },
  users: {
    findById: async (id) => state.users.get(id) ?? null,
    findByName: async (name) => [...state.users.values()].find((u) => u.name === name) ?? null,
    list: async () => [...state.users.values()].sort((a, b) => a.id - b.id),
    add: async (user) => {
      const stored = { ...user, id: nextId(state, 'users') };
      state.users.set(stored.id, stored);
      return stored;
    },
    setTimezone: async (id, timezone) => {
      const user = state.users.get(id);
      if (user !== undefined) state.users.set(id, { ...user, timezone });
    },
  },
  apiKeys: {
    add: async (key) => {
      const stored = { ...key, id: nextId(state, 'api_keys') };
      state.apiKeys.set(stored.id, stored);
      return stored;
    },
    listByUser: async (userId) => [...state.apiKeys.values()].filter((k) => k.userId === userId),
    findById: async (id) => state.apiKeys.get(id) ?? null,
    revoke: async (id, at) => {
      const key = state.apiKeys.get(id);
      if (key) state.apiKeys.set(id, { ...key, revokedAt: at });
    },
  },
  clients: inMemoryRecords(state, 'clients', () => state.clients, changes),
  projects: inMemoryRecords(state, 'projects', () => state.projects, changes),
  categories: inMemoryRecords(state, 'categories', () => state.categories, changes),
  cards: inMemoryRecords(state, 'cards', () => state.cards, changes),
  notes: inMemoryRecords(state, 'notes', () => state.notes, changes),
  times: inMemoryRecords(state, 'times', () => state.times, changes),
  moneys: inMemoryRecords(state, 'moneys', () => state.moneys, changes),
  usage: inMemoryUsage(state),
});
