import type { Completion } from '../../domain/gamification/profile.js';
import type { GamificationState } from '../../domain/gamification/scoring.js';
import type { LocalDate } from '../../domain/shared/local-date-time.js';
import type { UserId } from '../../domain/task/task.js';

export interface GamificationRepository {
  /**
   * The user's profile and their ledger of standing completions around `today` (today, the streak
   * ending today or yesterday, and the day before it; older days need not be read). Locks the
   * profile until commit where possible.
   */
  load(userId: UserId, today: LocalDate): Promise<GamificationState>;
  /** Stores the profile (points, best streak, newly unlocked achievements) loaded in this unit of work. */
  save(state: GamificationState): Promise<void>;
  /** Records completions and counts each on its day of the ledger. */
  recordCompletions(completions: readonly Completion[]): Promise<void>;
  /**
   * Takes back the task's completion whose points still stand, if any, uncounts its day, and answers
   * it (its points are the caller's to take off the awardee's profile).
   */
  revokeCompletion(taskId: number, at: Date): Promise<Completion | null>;
}
