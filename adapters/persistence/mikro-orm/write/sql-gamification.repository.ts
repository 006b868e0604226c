import type { GamificationRepository } from '../../../../application/ports/gamification.repository.js';
import {
  type CompletionLedger,
  coversStreak,
  FIRST_LEDGER_WINDOW_DAYS,
} from '../../../../domain/gamification/completion-ledger.js';
import type { Completion } from '../../../../domain/gamification/profile.js';
import { addDays, type LocalDate } from '../../../../domain/shared/local-date-time.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { Statements } from '../orm-runner.js';
import { COLUMNS } from '../schemas/columns.js';
import { profileFromRows } from '../schemas/gamification.schemas.js';
import type { SqlDialect } from '../sql-dialect.js';
import { instant } from '../typed-values.js';
import { chunksOf } from './many-rows.js';

// trust boundary: the ledger's days were written as LocalDate by this repository.
const asDay = (text: string) => text as LocalDate;

/** A change to the standing completions of one user's day. */
interface DayCount {
  readonly user_id: UserId;
  readonly day: LocalDate;
  readonly standing: number;
}

/** Completions counted by user and day: an upsert may name each (user, day) once. */
const countedByDay = (completions: readonly Completion[]): DayCount[] => {
  const counts = new Map<string, DayCount>();
  for (const { userId, day } of completions) {
    const key = `${userId}:${day}`;
    counts.set(key, { user_id: userId, day, standing: (counts.get(key)?.standing ?? 0) + 1 });
  }
  return [...counts.values()];
};

/**
 * Gamification state kept up to date on each change: the profile row holds the points, the best
 * streak and the count of standing completions; `completion_days` holds standing completions per
 * day. Loading reads the profile and the days of the current streak, never the whole history.
 * On PostgreSQL, `load` creates the profile on first use and locks it until the commit: two status
 * changes of one user take turns from there, so neither saves points the other has not seen.
 * SQLite's one writer needs no lock, so it only reads it (none yet: zeros), and `save` creates it.
 */
export const sqlGamification = (q: Statements, dialect: SqlDialect): GamificationRepository => {
  /** The achievements each loaded profile already had: saving inserts only the new ones. */
  const stored = new Map<UserId, ReadonlySet<string>>();

  const loadProfile = (userId: UserId) =>
    dialect.kind === 'postgresql'
      ? // The no-op update on conflict is what makes RETURNING answer an existing row, and locks it.
        q.first(
          q.db
            .insertInto('gamification_profiles')
            .values({ user_id: userId, total_points: 0, best_streak_days: 0, standing_completions: 0 })
            .onConflict((conflict) =>
              conflict
                .column('user_id')
                .doUpdateSet((update) => ({ user_id: update.ref('excluded.user_id') })),
            )
            .returning(COLUMNS.gamification_profiles),
        )
      : q.first(
          q.db
            .selectFrom('gamification_profiles')
            .select(COLUMNS.gamification_profiles)
            .where('user_id', '=', userId),
        );

  /** Adds to the standing completions of each (user, day) given, once each. */
  const addToDays = async (days: readonly DayCount[]) => {
    for (const chunk of chunksOf(days))
      await q.run(
        q.db
          .insertInto('completion_days')
          .values(chunk)
          .onConflict((conflict) =>
            conflict.columns(['user_id', 'day']).doUpdateSet((update) => ({
              standing: update('completion_days.standing', '+', update.ref('excluded.standing')),
            })),
          ),
      );
  };

  /** The ledger from `today - days` on, widened until the streak starts after a gap. */
  const ledgerAround = async (userId: UserId, today: LocalDate): Promise<CompletionLedger> => {
    for (let days = FIRST_LEDGER_WINDOW_DAYS; ; days *= 2) {
      const since = addDays(today, -days);
      const rows = await q.all(
        q.db
          .selectFrom('completion_days')
          .select(['day', 'standing'])
          .where('user_id', '=', userId)
          .where('day', '>=', since)
          .where('standing', '>', 0),
      );
      const ledger = new Map(rows.map((row) => [asDay(row.day), row.standing]));
      if (coversStreak(ledger, today, since)) return ledger;
    }
  };

  return {
    load: async (userId, today) => {
      const profile = await loadProfile(userId);
      const achievements = await q.all(
        q.db
          .selectFrom('user_achievements')
          .select(['code', 'unlocked_at'])
          .where('user_id', '=', userId)
          .orderBy('unlocked_at')
          .orderBy('code'),
      );
      stored.set(userId, new Set(achievements.map((achievement) => achievement.code)));
      return {
        profile: profileFromRows(userId, profile, achievements),
        ledger: await ledgerAround(userId, today),
      };
    },
    save: async ({ profile }) => {
      // Creates the profile or replaces its figures (on PostgreSQL it exists since `load`).
      const figures = {
        total_points: profile.totalPoints,
        best_streak_days: profile.bestStreakDays,
        standing_completions: profile.standingCompletions,
      };
      await q.run(
        q.db
          .insertInto('gamification_profiles')
          .values({ user_id: profile.userId, ...figures })
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet(figures)),
      );
      const already = stored.get(profile.userId);
      for (const achievement of profile.achievements) {
        if (already?.has(achievement.code)) continue;
        await q.run(
          q.db
            .insertInto('user_achievements')
            .values({
              user_id: profile.userId,
              code: achievement.code,
              unlocked_at: achievement.unlockedAt.getTime(),
            })
            .onConflict((conflict) => conflict.columns(['user_id', 'code']).doNothing()),
        );
      }
    },
    recordCompletions: async (completions) => {
      for (const chunk of chunksOf(completions))
        await q.run(
          q.db.insertInto('task_completions').values(
            chunk.map((completion) => ({
              user_id: completion.userId,
              task_id: completion.taskId,
              day: completion.day,
              points: completion.points,
              completed_at: completion.completedAt.getTime(),
              revoked_at: null,
            })),
          ),
        );
      await addToDays(countedByDay(completions));
    },
    revokeCompletion: async (taskId, at) => {
      const row = await q.first(
        q.db
          .updateTable('task_completions')
          .set({ revoked_at: at.getTime() })
          .where('task_id', '=', taskId)
          .where('revoked_at', 'is', null)
          .returning(COLUMNS.task_completions),
      );
      if (row === undefined) return null;
      const completion: Completion = {
        taskId: row.task_id,
        userId: row.user_id,
        day: asDay(row.day),
        points: row.points,
        completedAt: instant(row.completed_at),
      };
      await addToDays([{ user_id: completion.userId, day: completion.day, standing: -1 }]);
      return completion;
    },
  };
};
