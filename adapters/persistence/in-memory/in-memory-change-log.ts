import type {
  ChangeLogReader,
  ChangeResource,
  LoggedChange,
} from '../../../application/ports/change-log.port.js';
import type { UserId } from '../../../domain/task/task.js';
import type { ChangeRecorder } from '../change-recorder.js';

/**
 * The change log of the in-memory store: appended to when a transaction commits (transactions run
 * one at a time, so each user's seq is gapless and in commit order), never changed after.
 */
export class InMemoryChangeLog implements ChangeLogReader {
  private readonly entries = new Map<UserId, LoggedChange[]>();

  append(recorder: ChangeRecorder, at: Date): void {
    for (const [userId, changes] of recorder.byUser()) {
      let log = this.entries.get(userId);
      if (log === undefined) {
        log = [];
        this.entries.set(userId, log);
      }
      for (const change of changes)
        log.push(Object.freeze({ ...change, seq: log.length + 1, changedAt: at }));
    }
  }

  async latestSeq(userId: UserId): Promise<number> {
    return this.latestSeqNow(userId);
  }

  latestSeqNow(userId: UserId): number {
    return this.entries.get(userId)?.length ?? 0;
  }

  async changesAfter(
    userId: UserId,
    afterSeq: number,
    limit: number,
    resources?: readonly ChangeResource[],
  ): Promise<readonly LoggedChange[]> {
    // seq n is at index n - 1; the entries are frozen, so handing them out shares nothing mutable.
    const after = (this.entries.get(userId) ?? []).slice(afterSeq);
    if (resources === undefined) return after.slice(0, limit);
    const wanted = new Set(resources);
    const found: LoggedChange[] = [];
    for (const change of after) {
      if (found.length === limit) break;
      if (wanted.has(change.resource)) found.push(change);
    }
    return found;
  }
}
