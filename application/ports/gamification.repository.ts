import type { Completion } from '../../domain/gamification/profile.js';
import type { GamificationState } from '../../domain/gamification/scoring.js';
import type { UserId } from '../../domain/task/task.js';

export interface GamificationRepository {
  /** The user's profile and standing completions; locks the profile until commit where possible. */
  load(userId: UserId): Promise<GamificationState>;
  /** Stores the profile (points, best streak, newly unlocked achievements) loaded in this unit of work. */
  save(state: GamificationState): Promise<void>;
  recordCompletion(completion: Completion): Promise<void>;
  /** The completion of this task whose points still stand, if any. */
  findStandingCompletion(taskId: number): Promise<Completion | null>;
  revokeCompletion(taskId: number, at: Date): Promise<void>;
}
