import type { GamificationRepository } from '../../../../application/ports/gamification.repository.js';
import { type AchievementCode, isAchievementCode } from '../../../../domain/gamification/achievements.js';
import { type CompletionLedger, streakEndingAt } from '../../../../domain/gamification/completion-ledger.js';
import type { Completion } from '../../../../domain/gamification/profile.js';
import { addDays, type LocalDate } from '../../../../domain/shared/local-date-time.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { Row, SqlRunner } from '../read/sql-runner.js';
import { RowReader } from '../row-decoding.js';
import type { SqlDialect } from '../sql-dialect.js';

/** Days of ledger read at first; a streak that reaches back this far doubles it until a gap shows. */
const FIRST_WINDOW_DAYS = 64;

/**
 * The profile, created empty on first use, in one statement. The no-op update on conflict is what
 * makes RETURNING answer an existing row, and on PostgreSQL it locks that row until commit.
 */
const LOAD_PROFILE =
  'insert into gamification_profiles (user_id, total_points, best_streak_days, standing_completions) ' +
  'values (?, 0, 0, 0) on conflict (user_id) do update set user_id = excluded.user_id ' +
  'returning total_points as "totalPoints", best_streak_days as "bestStreakDays", ' +
  'standing_completions as "standingCompletions"';
const ACHIEVEMENTS =
  'select code, unlocked_at as "unlockedAt" from user_achievements where user_id = ? order by unlocked_at, code';
const LEDGER_SINCE =
  'select day, standing from completion_days where user_id = ? and day >= ? and standing > 0';
/**
 * PostgreSQL: the profile, the achievements and the first window of days in one round trip (on
 * SQLite, three statements in the same process cost less than one built to hold all three).
 */
const LOAD_STATE =
  `with profile as (${LOAD_PROFILE}) ` +
  `select 'profile' as kind, "totalPoints", "bestStreakDays", "standingCompletions", ` +
  'null as code, null::bigint as "unlockedAt", null as day, null::integer as standing from profile ' +
  "union all select 'achievement', null, null, null, code, unlocked_at, null, null " +
  'from user_achievements where user_id = ? ' +
  "union all select 'day', null, null, null, null, null, day, standing " +
  'from completion_days where user_id = ? and day >= ? and standing > 0';

interface StateRows {
  readonly profile: Row;
  readonly achievements: readonly Row[];
  readonly days: readonly Row[];
}

const byUnlocking = (a: Row, b: Row) =>
  Number(a.unlockedAt) - Number(b.unlockedAt) || String(a.code).localeCompare(String(b.code));

const INSERT_COMPLETION =
  'insert into task_completions (user_id, task_id, day, points, completed_at, revoked_at) values (?, ?, ?, ?, ?, null)';
const COUNT_DAY =
  'insert into completion_days (user_id, day, standing) values (?, ?, 1) ' +
  'on conflict (user_id, day) do update set standing = completion_days.standing + 1';

const COMPLETION_COLUMNS =
  'task_id as "taskId", user_id as "userId", day, points, completed_at as "completedAt"';

const completionFrom = (row: Row): Completion => {
  const read = new RowReader('task_completions', row);
  return {
    taskId: read.integer('taskId'),
    userId: read.integer('userId'),
    day: read.text('day') as LocalDate,
    points: read.integer('points'),
    completedAt: read.instant('completedAt'),
  };
};

/**
 * Gamification state kept up to date on each change: the profile row holds the points, the best
 * streak and the count of standing completions; `completion_days` holds standing completions per
 * day. Loading reads the profile and the days of the current streak, never the whole history.
 */
export const sqlGamification = (tx: SqlRunner, dialect: SqlDialect): GamificationRepository => {
  /** The achievements each loaded profile already had: saving inserts only the new ones. */
  const stored = new Map<UserId, ReadonlySet<string>>();

  const readState = async (userId: UserId, since: LocalDate): Promise<StateRows> => {
    if (dialect.kind === 'sqlite') {
      return {
        profile: (await tx.get(LOAD_PROFILE, [userId])) ?? {},
        achievements: await tx.all(ACHIEVEMENTS, [userId]),
        days: await tx.all(LEDGER_SINCE, [userId, since]),
      };
    }
    const rows = await tx.all(LOAD_STATE, [userId, userId, userId, since]);
    return {
      profile: rows.find((row) => row.kind === 'profile') ?? {},
      achievements: rows.filter((row) => row.kind === 'achievement').sort(byUnlocking),
      days: rows.filter((row) => row.kind === 'day'),
    };
  };

  /** The ledger from `today - days` on (the first window's rows at hand), widened until the streak starts after a gap. */
  const ledgerAround = async (
    userId: UserId,
    today: LocalDate,
    firstWindow: readonly Row[],
  ): Promise<CompletionLedger> => {
    for (let days = FIRST_WINDOW_DAYS; ; days *= 2) {
      const since = addDays(today, -days);
      const rows = days === FIRST_WINDOW_DAYS ? firstWindow : await tx.all(LEDGER_SINCE, [userId, since]);
      const ledger = new Map(rows.map((row) => [String(row.day) as LocalDate, Number(row.standing)]));
      const streak = streakEndingAt(ledger, today);
      const end = ledger.has(today) ? today : addDays(today, -1);
      // A streak that starts at the window's edge may go on before it: read further back.
      if (streak === 0 || addDays(end, 1 - streak) > since) return ledger;
    }
  };

  return {
    load: async (userId, today) => {
      const state = await readState(userId, addDays(today, -FIRST_WINDOW_DAYS));
      const profile = new RowReader('gamification_profiles', state.profile);
      const { achievements } = state;
      stored.set(userId, new Set(achievements.map((a) => String(a.code))));
      return {
        profile: {
          userId,
          totalPoints: profile.integer('totalPoints'),
          bestStreakDays: profile.integer('bestStreakDays'),
          standingCompletions: profile.integer('standingCompletions'),
          achievements: achievements
            .filter((a) => isAchievementCode(String(a.code)))
            .map((a) => ({
              code: String(a.code) as AchievementCode,
              unlockedAt: new RowReader('user_achievements', a).instant('unlockedAt'),
            })),
        },
        ledger: await ledgerAround(userId, today, state.days),
      };
    },
    save: async ({ profile }) => {
      await tx.run(
        'update gamification_profiles set total_points = ?, best_streak_days = ?, standing_completions = ? ' +
          'where user_id = ?',
        [profile.totalPoints, profile.bestStreakDays, profile.standingCompletions, profile.userId],
      );
      const already = stored.get(profile.userId);
      for (const achievement of profile.achievements) {
        if (already?.has(achievement.code)) continue;
        await tx.run(
          'insert into user_achievements (user_id, code, unlocked_at) values (?, ?, ?) ' +
            'on conflict (user_id, code) do nothing',
          [profile.userId, achievement.code, achievement.unlockedAt.getTime()],
        );
      }
    },
    recordCompletion: async (completion) => {
      const values = [
        completion.userId,
        completion.taskId,
        completion.day,
        completion.points,
        completion.completedAt.getTime(),
      ];
      if (dialect.kind === 'postgresql') {
        // One round trip while the profile is locked.
        await tx.run(`with completion as (${INSERT_COMPLETION}) ${COUNT_DAY}`, [
          ...values,
          completion.userId,
          completion.day,
        ]);
        return;
      }
      await tx.run(INSERT_COMPLETION, values);
      await tx.run(COUNT_DAY, [completion.userId, completion.day]);
    },
    findStandingCompletion: async (taskId) => {
      const row = await tx.get(
        `select ${COMPLETION_COLUMNS} from task_completions where task_id = ? and revoked_at is null`,
        [taskId],
      );
      return row ? completionFrom(row) : null;
    },
    revokeCompletion: async (taskId, at) => {
      const standing = await tx.all(
        'update task_completions set revoked_at = ? where task_id = ? and revoked_at is null ' +
          'returning user_id as "userId", day',
        [at.getTime(), taskId],
      );
      for (const { userId, day } of standing) {
        await tx.run('update completion_days set standing = standing - 1 where user_id = ? and day = ?', [
          Number(userId),
          String(day),
        ]);
      }
    },
  };
};
