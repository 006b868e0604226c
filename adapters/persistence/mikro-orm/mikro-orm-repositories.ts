import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import type { Repositories } from '../../../application/ports/unit-of-work.port.js';
import { type AchievementCode, isAchievementCode } from '../../../domain/gamification/achievements.js';
import type { CompletionLedger } from '../../../domain/gamification/completion-ledger.js';
import type { Completion } from '../../../domain/gamification/profile.js';
import type { LocalDate } from '../../../domain/shared/local-date-time.js';
import { apiKeyFromRecord, apiKeyToRecord, taskFromRecord, taskToRecord, userFromRecord } from './mappers.js';
import { mikroOrmRecords, mikroOrmUsage } from './mikro-orm-record.repository.js';
import {
  cardTable,
  categoryTable,
  clientTable,
  moneyTable,
  noteTable,
  projectTable,
  timeTable,
} from './record-tables.js';
import {
  AchievementSchema,
  type CompletionRecord,
  CompletionSchema,
  ProfileSchema,
} from './schemas/gamification.schemas.js';
import { TaskHistorySchema, TaskSchema } from './schemas/task.schemas.js';
import { ApiKeySchema, UserSchema } from './schemas/user.schemas.js';
import { CardSchema, CategorySchema, ClientSchema, ProjectSchema } from './schemas/workspace.schemas.js';
import type { SqlDialect } from './sql-dialect.js';

const completionFromRecord = (row: CompletionRecord): Completion => ({
  taskId: row.taskId,
  userId: row.userId,
  day: row.day as LocalDate,
  points: row.points,
  completedAt: new Date(row.completedAt),
});

/**
 * Every repository bound to one transactional EntityManager. Entities are loaded and changed through
 * MikroORM's unit of work; the few statements it cannot express (an atomic counter, row locks on
 * a row that may not exist yet) are plain SQL on the same transaction.
 */
export const mikroOrmRepositories = (em: EntityManager, dialect: SqlDialect): Repositories => {
  const lock = dialect.rowLocks ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {};
  return {
    tasks: {
      findForUpdate: async (id) => {
        const record = await em.findOne(TaskSchema, { id }, lock);
        return record ? taskFromRecord(record) : null;
      },
      add: async (task) => {
        const record = em.create(TaskSchema, { ...taskToRecord(task), version: 1 });
        await em.flush();
        return taskFromRecord(record);
      },
      update: async (task) => {
        const record = await em.findOneOrFail(TaskSchema, { id: task.id });
        em.assign(record, taskToRecord(task));
        // Flushed now so the version MikroORM increments is the one handed back.
        await em.flush();
        return taskFromRecord(record);
      },
      delete: async (id) => {
        await em.nativeDelete(TaskHistorySchema, { taskId: id });
        // Records that pointed at the task stay, without the link.
        for (const table of ['notes', 'time_records', 'money_records']) {
          await em.execute(`update ${table} set task_id = null where task_id = ?`, [id], 'run');
        }
        const record = await em.findOne(TaskSchema, { id });
        if (record) em.remove(record);
      },
    },
    taskNumbers: {
      next: async (ownerId, scope) => {
        // One statement, atomic on both databases; the row lock serialises concurrent creators.
        const row = await em.execute<{ last_value: number | string }>(
          'insert into task_numbers (owner_id, scope, last_value) values (?, ?, 1) ' +
            'on conflict (owner_id, scope) do update set last_value = task_numbers.last_value + 1 ' +
            'returning last_value',
          [ownerId, scope],
          'get',
        );
        return Number(row.last_value);
      },
    },
    history: {
      append: async (change) => {
        em.create(TaskHistorySchema, {
          taskId: change.taskId,
          fromStatus: change.from,
          toStatus: change.to,
          changedBy: change.changedBy,
          changedAt: change.changedAt.getTime(),
        });
      },
    },
    gamification: {
      load: async (userId) => {
        await em.execute(
          'insert into gamification_profiles (user_id, total_points, best_streak_days) values (?, 0, 0) ' +
            'on conflict (user_id) do nothing',
          [userId],
          'run',
        );
        const profile = await em.findOneOrFail(ProfileSchema, { userId }, { ...lock, refresh: true });
        const achievements = await em.find(
          AchievementSchema,
          { userId },
          { orderBy: { unlockedAt: 'asc', code: 'asc' } },
        );
        const days = await em.execute<{ day: string; standing: number | string }[]>(
          'select day, count(*) as standing from task_completions where user_id = ? and revoked_at is null group by day',
          [userId],
          'all',
        );
        const ledger: CompletionLedger = new Map(days.map((d) => [d.day as LocalDate, Number(d.standing)]));
        return {
          profile: {
            userId,
            totalPoints: profile.totalPoints,
            bestStreakDays: profile.bestStreakDays,
            achievements: achievements
              .filter((a) => isAchievementCode(a.code))
              .map((a) => ({ code: a.code as AchievementCode, unlockedAt: new Date(a.unlockedAt) })),
          },
          ledger,
        };
      },
      save: async ({ profile }) => {
        const record = await em.findOneOrFail(ProfileSchema, { userId: profile.userId });
        record.totalPoints = profile.totalPoints;
        record.bestStreakDays = profile.bestStreakDays;
        const stored = new Set(
          (await em.find(AchievementSchema, { userId: profile.userId })).map((a) => a.code),
        );
        for (const achievement of profile.achievements) {
          if (stored.has(achievement.code)) continue;
          em.create(AchievementSchema, {
            userId: profile.userId,
            code: achievement.code,
            unlockedAt: achievement.unlockedAt.getTime(),
          });
        }
      },
      recordCompletion: async (completion) => {
        em.create(CompletionSchema, {
          userId: completion.userId,
          taskId: completion.taskId,
          day: completion.day,
          points: completion.points,
          completedAt: completion.completedAt.getTime(),
          revokedAt: null,
        });
        await em.flush();
      },
      findStandingCompletion: async (taskId) => {
        const record = await em.findOne(CompletionSchema, { taskId, revokedAt: null });
        return record ? completionFromRecord(record) : null;
      },
      revokeCompletion: async (taskId, at) => {
        const standing = await em.find(CompletionSchema, { taskId, revokedAt: null });
        for (const record of standing) record.revokedAt = at.getTime();
        await em.flush();
      },
    },
    references: {
      client: async (ownerId, id) => (await em.count(ClientSchema, { id, ownerId })) > 0,
      project: async (ownerId, id) => {
        const project = await em.findOne(ProjectSchema, { id, ownerId });
        return project ? { id: project.id, clientId: project.clientId } : null;
      },
      category: async (ownerId, id) => (await em.count(CategorySchema, { id, ownerId })) > 0,
      task: async (ownerId, id) => (await em.count(TaskSchema, { id, ownerId })) > 0,
      card: async (ownerId, id) => (await em.count(CardSchema, { id, ownerId })) > 0,
      user: async (id) => (await em.count(UserSchema, { id })) > 0,
    },
    users: {
      findById: async (id) => {
        const record = await em.findOne(UserSchema, { id });
        return record ? userFromRecord(record) : null;
      },
      list: async () => (await em.find(UserSchema, {}, { orderBy: { id: 'asc' } })).map(userFromRecord),
      findByName: async (name) => {
        const record = await em.findOne(UserSchema, { name });
        return record ? userFromRecord(record) : null;
      },
      add: async (user) => {
        const record = em.create(UserSchema, {
          name: user.name,
          timezone: user.timezone,
          createdAt: user.createdAt.getTime(),
        });
        await em.flush();
        return userFromRecord(record);
      },
    },
    apiKeys: {
      add: async (key) => {
        const record = em.create(ApiKeySchema, apiKeyToRecord(key));
        await em.flush();
        return apiKeyFromRecord(record);
      },
      listByUser: async (userId) =>
        (await em.find(ApiKeySchema, { userId }, { orderBy: { id: 'asc' } })).map(apiKeyFromRecord),
      findById: async (id) => {
        const record = await em.findOne(ApiKeySchema, { id });
        return record ? apiKeyFromRecord(record) : null;
      },
      revoke: async (id, at) => {
        const record = await em.findOneOrFail(ApiKeySchema, { id });
        record.revokedAt = at.getTime();
      },
    },
    clients: mikroOrmRecords(em, clientTable, lock),
    projects: mikroOrmRecords(em, projectTable, lock),
    categories: mikroOrmRecords(em, categoryTable, lock),
    cards: mikroOrmRecords(em, cardTable, lock),
    notes: mikroOrmRecords(em, noteTable, lock),
    times: mikroOrmRecords(em, timeTable, lock),
    moneys: mikroOrmRecords(em, moneyTable, lock),
    usage: mikroOrmUsage(em),
  };
};
