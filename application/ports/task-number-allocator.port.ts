import type { UserId } from '../../domain/task/task.js';

/**
 * Hands out client task numbers: monotonic per (owner, scope) where scope is the client id or 0,
 * never reused, unique under concurrent callers.
 */
export interface TaskNumberAllocator {
  next(ownerId: UserId, scope: number): Promise<number>;
  /** Numbers handed out from now on come after `taken` (numbers an import brought along). */
  raiseTo(ownerId: UserId, scope: number, taken: number): Promise<void>;
}
