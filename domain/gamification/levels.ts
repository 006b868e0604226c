const FIRST_THRESHOLDS = [0, 100, 250, 500, 1000, 2000, 3500, 5500, 8000, 11000] as const;
const LAST_LISTED_THRESHOLD = 11000;
const STEP_AFTER_LAST = 5000;
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
] as const;

/** Points needed to reach `level` (1-based). */
export const thresholdOf = (level: number): number => {
  const listed = FIRST_THRESHOLDS[level - 1];
  if (listed !== undefined) return listed;
  return LAST_LISTED_THRESHOLD + (level - FIRST_THRESHOLDS.length) * STEP_AFTER_LAST;
};

export const levelFor = (totalPoints: number): number => {
  let level = 1;
  while (totalPoints >= thresholdOf(level + 1)) level += 1;
  return level;
};

export const levelName = (level: number): string => NAMES[level - 1] ?? 'Enlightened';

export interface LevelStanding {
  readonly level: number;
  readonly levelName: string;
  readonly nextLevelAt: number;
}

export const levelStanding = (totalPoints: number): LevelStanding => {
  const level = levelFor(totalPoints);
  return { level, levelName: levelName(level), nextLevelAt: thresholdOf(level + 1) };
};
