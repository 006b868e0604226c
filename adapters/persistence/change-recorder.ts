import type {
  Change,
  ChangeNotes,
  ChangeOperation,
  ChangeResource,
  StatusChangeNote,
} from '../../application/ports/change-log.port.js';
import { seersOf, type Task, type UserId } from '../../domain/task/task.js';

/** Who sees a task: its owner, and its assignee when that is someone else. */
export interface TaskSeers {
  readonly ownerId: UserId;
  readonly assigneeId: UserId | null;
}

/**
 * What two operations on one record within one transaction amount to: created then changed is
 * still created; created then deleted never existed for anyone outside; otherwise the latest.
 */
const folded = (earlier: ChangeOperation, later: ChangeOperation): ChangeOperation | null => {
  if (earlier === 'created') return later === 'deleted' ? null : 'created';
  if (earlier === 'deleted' && later === 'created') return 'updated';
  return later;
};

/**
 * The changes one unit of work made, one per record and user, collected by its repositories as
 * they write and appended to the change log by the unit of work just before it commits.
 */
export class ChangeRecorder implements Pick<ChangeNotes, 'statusChanged'> {
  private readonly changes = new Map<string, Change>();
  private readonly statusChanges = new Map<number, StatusChangeNote>();
  private wroteAhead = false;

  statusChanged(taskId: number, note: StatusChangeNote): void {
    this.statusChanges.set(taskId, note);
  }

  /** A record written: `record` is it as the write left it (none for a deletion). */
  record(
    userId: UserId,
    resource: ChangeResource,
    recordId: number,
    operation: ChangeOperation,
    record?: object,
  ): void {
    const key = `${userId}:${resource}:${recordId}`;
    const earlier = this.changes.get(key);
    const operationNow = earlier === undefined ? operation : folded(earlier.operation, operation);
    if (operationNow === null) this.changes.delete(key);
    else
      this.changes.set(key, {
        userId,
        resource,
        recordId,
        operation: operationNow,
        ...(operationNow === 'deleted' ? {} : { record: record ?? earlier?.record }),
      });
  }

  /**
   * A task written, as each user who saw it before (`before`) or sees it after (`after`) sees it:
   * one who gains sight of it sees it created, one who loses it sees it deleted.
   */
  recordTask(taskId: number, before: TaskSeers | null, after: Task | null): void {
    const saw = seersOf(before);
    const sees = seersOf(after);
    for (const user of sees)
      this.record(user, 'tasks', taskId, saw.includes(user) ? 'updated' : 'created', after ?? undefined);
    for (const user of saw) if (!sees.includes(user)) this.record(user, 'tasks', taskId, 'deleted');
  }

  /** The changes by user, users in id order (the order their sequences are locked in), each in the order made. */
  byUser(): ReadonlyMap<UserId, readonly Change[]> {
    const users = new Map<UserId, Change[]>();
    for (const recorded of this.changes.values()) {
      const note = recorded.resource === 'tasks' ? this.statusChanges.get(recorded.recordId) : undefined;
      // A task that appeared for someone (assigned to them) or left them reads as that, not as a move.
      const change =
        note !== undefined && recorded.operation === 'updated'
          ? { ...recorded, statusChange: note }
          : recorded;
      const list = users.get(change.userId);
      if (list === undefined) users.set(change.userId, [change]);
      else list.push(change);
    }
    return new Map([...users].sort(([a], [b]) => a - b));
  }

  /** Forgets the changes noted so far, once appended ahead of the commit (`writeAhead`). */
  appendedAhead(): void {
    this.changes.clear();
    this.statusChanges.clear();
    this.wroteAhead = true;
  }

  /** Whether the unit of work changed nothing at all. */
  get isEmpty(): boolean {
    return this.changes.size === 0 && !this.wroteAhead;
  }
}
