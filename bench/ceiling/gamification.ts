/**
 * The gamification feedback of a status change (CONTRACT §7), written again for the ceiling from
 * the contract alone: the ceiling answers the same fields as the service, so it does the same work.
 * Nothing here is imported from the service.
 */

const THRESHOLDS = [0, 100, 250, 500, 1000, 2000, 3500, 5500, 8000, 11000];
const NAMES = [
  'Beginner',
  'Novice',
  'Apprentice',
  'Intermediate',
  'Skilled',
  'Professional',
  'Expert',
  'Master',
  'Grand Master',
];
const ACHIEVEMENTS: readonly { code: string; name: string; completed?: number; streak?: number }[] = [
  { code: 'first_task', name: 'First task completed', completed: 1 },
  { code: 'tasks_10', name: '10 tasks completed', completed: 10 },
  { code: 'tasks_100', name: '100 tasks completed', completed: 100 },
  { code: 'tasks_1000', name: '1000 tasks completed', completed: 1000 },
  { code: 'streak_3', name: '3-day streak', streak: 3 },
  { code: 'streak_7', name: '7-day streak', streak: 7 },
  { code: 'streak_30', name: '30-day streak', streak: 30 },
];
const BASE_POINTS = [10, 30, 20, 10];
const DAY_MS = 86_400_000;
/** The days of completions read before a change: a streak longer than this reads further back. */
export const LEDGER_DAYS = 64;

const threshold = (level: number) => THRESHOLDS[level - 1] ?? 11000 + (level - THRESHOLDS.length) * 5000;
const levelOf = (points: number) => {
  let level = 1;
  while (points >= threshold(level + 1)) level += 1;
  return level;
};

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** `YYYY-MM-DD` of `at` in `zone`. */
export const localDay = (zone: string, at: number): string => {
  let format = dayFormats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  return format.format(at);
};
export const dayBefore = (day: string, days = 1): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** Consecutive days with a standing completion, ending today or yesterday. */
export const streakOf = (standing: ReadonlyMap<string, number>, today: string): number => {
  let day = standing.has(today) ? today : dayBefore(today);
  let streak = 0;
  while (standing.has(day)) {
    streak += 1;
    day = dayBefore(day);
  }
  return streak;
};

export interface Profile {
  total: number;
  best: number;
  standing: number;
}

/** Points for a completion today whose streak already counts today. */
export const pointsFor = (priority: number, taskDay: string | null, today: string, streak: number) =>
  (BASE_POINTS[priority] ?? 10) + (taskDay !== null && today <= taskDay ? 5 : 0) + Math.min(10, 2 * streak);

/** The achievements the standing earns that `have` does not hold yet. */
export const earned = (have: ReadonlySet<string>, completed: number, streak: number) =>
  ACHIEVEMENTS.filter(
    (a) =>
      !have.has(a.code) &&
      (a.completed !== undefined ? completed >= a.completed : streak >= (a.streak ?? Infinity)),
  );

export type GamificationEvent = 'task_completed' | 'task_reopened' | 'status_changed' | 'no_change';

const message = (event: GamificationEvent, label: string, points: number, streak: number) =>
  event === 'task_completed'
    ? `Task ${label} done: +${points} points.${streak > 1 ? ` ${streak}-day streak!` : ''}`
    : event === 'task_reopened'
      ? points === 0
        ? `Task ${label} reopened.`
        : `Task ${label} reopened: ${points} points.`
      : event === 'status_changed'
        ? `Task ${label} status changed.`
        : `Task ${label} status unchanged.`;

/** The wire's `gamification` object. */
export const feedback = (input: {
  event: GamificationEvent;
  points: number;
  before: number;
  after: Profile;
  streak: number;
  today: number;
  unlocked: readonly { code: string; name: string }[];
  label: string;
}) => {
  const level = levelOf(input.after.total);
  return {
    event: input.event,
    points_awarded: input.points,
    total_points: input.after.total,
    level,
    level_name: NAMES[level - 1] ?? 'Enlightened',
    next_level_at: threshold(level + 1),
    streak_days: input.streak,
    best_streak_days: input.after.best,
    completed_today: input.today,
    leveled_up: level > levelOf(input.before),
    achievements_unlocked: input.unlocked.map(({ code, name }) => ({ code, name })),
    message: message(input.event, input.label, input.points, input.streak),
  };
};
