import type { GamificationRepository } from '../../../../application/ports/gamification.repository.js';
import { type AchievementCode, isAchievementCode } from '../../../../domain/gamification/achievements.js';
import {
  type CompletionLedger,
  coversStreak,
  FIRST_LEDGER_WINDOW_DAYS,
} from '../../../../domain/gamification/completion-ledger.js';
import type { Completion } from '../../../../domain/gamification/profile.js';
import { addDays, type LocalDate } from '../../../../domain/shared/local-date-time.js';
import type { UserId } from '../../../../domain/task/task.js';
import type { Row, SqlRunner, SqlValue } from '../read/sql-runner.js';
import { RowReader } from '../row-decoding.js';
import { perDialect, type SqlDialect } from '../sql-dialect.js';

/**
 * PostgreSQL: the profile, created empty on first use. The no-op update on conflict is what makes
 * RETURNING answer an existing row, and it locks that row until commit: two status changes of one
 * user take turns from here, so neither saves points the other has not seen.
 */
const LOAD_PROFILE =
  'insert into gamification_profiles (user_id, total_points, best_streak_days, standing_completions) ' +
  'values (?, 0, 0, 0) on conflict (user_id) do update set user_id = excluded.user_id ' +
  'returning total_points, best_streak_days, standing_completions';
const LEDGER_SINCE =
  'select day, standing from completion_days where user_id = ? and day >= ? and standing > 0';

/**
 * The profile, the achievements and the first window of days in one statement. Where the profile
 * comes from is the dialect's: PostgreSQL creates and locks it (`LOAD_PROFILE`, as a CTE); SQLite's
 * one writer needs no lock, so it only reads it (none yet: zeros), and `save` creates it.
 */
const loadState = (kind: SqlDialect['kind']): string => {
  const profile =
    kind === 'postgresql'
      ? { with: `with profile as (${LOAD_PROFILE}) `, from: 'profile' }
      : { with: '', from: 'gamification_profiles where user_id = ?' };
  return (
    `${profile.with}select 'profile' as kind, total_points as "totalPoints", ` +
    'best_streak_days as "bestStreakDays", standing_completions as "standingCompletions", ' +
    'null as code, cast(null as bigint) as "unlockedAt", null as day, cast(null as integer) as standing ' +
    `from ${profile.from} ` +
    "union all select 'achievement', null, null, null, code, unlocked_at, null, null " +
    'from user_achievements where user_id = ? ' +
    "union all select 'day', null, null, null, null, null, day, standing " +
    'from completion_days where user_id = ? and day >= ? and standing > 0'
  );
};

const LOAD_STATE = perDialect(loadState);

/** A profile not stored yet. */
const EMPTY_PROFILE: Row = { totalPoints: 0, bestStreakDays: 0, standingCompletions: 0 };

interface StateRows {
  readonly profile: Row;
  readonly achievements: readonly Row[];
  readonly days: readonly Row[];
}

const byUnlocking = (a: Row, b: Row) =>
  Number(a.unlockedAt) - Number(b.unlockedAt) || String(a.code).localeCompare(String(b.code));

const INSERT_COMPLETION =
  'insert into task_completions (user_id, task_id, day, points, completed_at, revoked_at) values (?, ?, ?, ?, ?, null)';
/** Adds `standing` (negative to take back) to the user's count for the day. */
const COUNT_DAY =
  'insert into completion_days (user_id, day, standing) values (?, ?, ?) ' +
  'on conflict (user_id, day) do update set standing = completion_days.standing + excluded.standing';
/** Creates the profile or replaces its figures (on PostgreSQL it exists since `load`). */
const SAVE_PROFILE =
  'insert into gamification_profiles (user_id, total_points, best_streak_days, standing_completions) ' +
  'values (?, ?, ?, ?) on conflict (user_id) do update set total_points = excluded.total_points, ' +
  'best_streak_days = excluded.best_streak_days, standing_completions = excluded.standing_completions';

/** A ledger write kept back on PostgreSQL, to go out with its user's `save` (or `flush`). */
interface Pending {
  readonly sql: string;
  readonly params: readonly SqlValue[];
}

const COMPLETION_COLUMNS =
  'task_id as "taskId", user_id as "userId", day, points, completed_at as "completedAt"';

/** Takes back a task's standing completion: written once (table-statements.ts says why). */
const REVOKE_COMPLETION =
  'update task_completions set revoked_at = ? where task_id = ? and revoked_at is null ' +
  `returning ${COMPLETION_COLUMNS}`;

const completionFrom = (row: Row): Completion => {
  const read = new RowReader('task_completions', row);
  return {
    taskId: read.integer('taskId'),
    userId: read.integer('userId'),
    // trust boundary: the ledger's days were written as LocalDate by this repository.
    day: read.text('day') as LocalDate,
    points: read.integer('points'),
    completedAt: read.instant('completedAt'),
  };
};

/** The values `INSERT_COMPLETION` takes. */
const completionRow = (completion: Completion): SqlValue[] => [
  completion.userId,
  completion.taskId,
  completion.day,
  completion.points,
  completion.completedAt.getTime(),
];

/** `statement` with `pending` before it as data-modifying CTEs: one round trip for all of them. */
const prefixed = (pending: readonly Pending[], statement: string): string =>
  pending.length === 0
    ? statement
    : `with ${pending.map((write, i) => `kept_${i} as (${write.sql})`).join(', ')} ${statement}`;

/**
 * Gamification state kept up to date on each change: the profile row holds the points, the best
 * streak and the count of standing completions; `completion_days` holds standing completions per
 * day. Loading reads the profile and the days of the current streak, never the whole history.
 *
 * On PostgreSQL a status change holds the user's profile row locked from `load` to the commit, and
 * every change of that user's tasks waits for it: so the ledger's writes (a new completion and its
 * day, a taken-back day) are kept back and go out with the user's `save`, as CTEs of the profile's
 * update, instead of one round trip each under the lock. They touch other rows than the update and
 * than each other (one write per user and day), which is what running them in one statement needs.
 * `flush` sends whatever no `save` took (the unit of work calls it before committing); `load`
 * answers the ledger with the kept-back days counted.
 */
export interface SqlGamification extends GamificationRepository {
  flush(): Promise<void>;
}

export const sqlGamification = (tx: SqlRunner, dialect: SqlDialect): SqlGamification => {
  /** The achievements each loaded profile already had: saving inserts only the new ones. */
  const stored = new Map<UserId, ReadonlySet<string>>();
  const keepsBack = dialect.kind === 'postgresql';
  /** Completions to insert, and per user and day the standing to add: kept back on PostgreSQL. */
  let completions: Completion[] = [];
  const days = new Map<string, { readonly userId: UserId; readonly day: LocalDate; standing: number }>();

  const addToDay = async (userId: UserId, day: LocalDate, standing: number): Promise<void> => {
    if (!keepsBack) return tx.run(COUNT_DAY, [userId, day, standing]);
    const key = `${userId} ${day}`;
    const kept = days.get(key);
    if (kept === undefined) days.set(key, { userId, day, standing });
    else kept.standing += standing;
  };

  /** Takes the kept-back writes of `userId` (or everyone's) out of the queue. */
  const takePending = (userId?: UserId): Pending[] => {
    const taken = (owner: UserId) => userId === undefined || owner === userId;
    const inserts = completions.filter((completion) => taken(completion.userId));
    completions = completions.filter((completion) => !taken(completion.userId));
    const counts: Pending[] = [];
    for (const [key, kept] of days) {
      if (!taken(kept.userId)) continue;
      days.delete(key);
      if (kept.standing !== 0)
        counts.push({ sql: COUNT_DAY, params: [kept.userId, kept.day, kept.standing] });
    }
    return [
      ...inserts.map((completion) => ({ sql: INSERT_COMPLETION, params: completionRow(completion) })),
      ...counts,
    ];
  };

  const flush = async (): Promise<void> => {
    const pending = takePending();
    if (pending.length > 0)
      await tx.run(
        prefixed(pending, 'select 1'),
        pending.flatMap((write) => write.params),
      );
  };

  const loadStatement = LOAD_STATE[dialect.kind];
  const readState = async (userId: UserId, since: LocalDate): Promise<StateRows> => {
    const rows = await tx.all(loadStatement, [userId, userId, userId, since]);
    return {
      profile: rows.find((row) => row.kind === 'profile') ?? EMPTY_PROFILE,
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
    for (let days = FIRST_LEDGER_WINDOW_DAYS; ; days *= 2) {
      const since = addDays(today, -days);
      const rows =
        days === FIRST_LEDGER_WINDOW_DAYS ? firstWindow : await tx.all(LEDGER_SINCE, [userId, since]);
      // trust boundary: the ledger's days were written as LocalDate by this repository.
      const ledger = new Map(rows.map((row) => [String(row.day) as LocalDate, Number(row.standing)]));
      if (coversStreak(ledger, today, since)) return ledger;
    }
  };

  /** The ledger as it will be once the kept-back days of `userId` are written. */
  const withKeptBack = (userId: UserId, ledger: CompletionLedger): CompletionLedger => {
    const adjusted = new Map(ledger);
    for (const kept of days.values()) {
      if (kept.userId !== userId) continue;
      const standing = (adjusted.get(kept.day) ?? 0) + kept.standing;
      if (standing > 0) adjusted.set(kept.day, standing);
      else adjusted.delete(kept.day);
    }
    return adjusted;
  };

  return {
    flush,
    load: async (userId, today) => {
      const state = await readState(userId, addDays(today, -FIRST_LEDGER_WINDOW_DAYS));
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
              // trust boundary: achievement codes were written as AchievementCode by this repository.
              code: String(a.code) as AchievementCode,
              unlockedAt: new RowReader('user_achievements', a).instant('unlockedAt'),
            })),
        },
        ledger: withKeptBack(userId, await ledgerAround(userId, today, state.days)),
      };
    },
    save: async ({ profile }) => {
      const pending = takePending(profile.userId);
      await tx.run(prefixed(pending, SAVE_PROFILE), [
        ...pending.flatMap((write) => write.params),
        profile.userId,
        profile.totalPoints,
        profile.bestStreakDays,
        profile.standingCompletions,
      ]);
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
      if (keepsBack) completions.push(completion);
      else await tx.run(INSERT_COMPLETION, completionRow(completion));
      await addToDay(completion.userId, completion.day, 1);
    },
    revokeCompletion: async (taskId, at) => {
      // A kept-back completion may be the one taken back: it is written first.
      if (completions.length > 0) await flush();
      const row = await tx.get(REVOKE_COMPLETION, [at.getTime(), taskId]);
      if (row === undefined) return null;
      const completion = completionFrom(row);
      await addToDay(completion.userId, completion.day, -1);
      return completion;
    },
  };
};
