import { seersOf, type Task } from '../../../domain/task/task.js';

const NONE: readonly number[] = [];

/** The first index in ascending `ids` whose id is greater than `id`. */
export const firstAfter = (ids: readonly number[], id: number): number => {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ids[middle] ?? Number.POSITIVE_INFINITY) <= id) low = middle + 1;
    else high = middle;
  }
  return low;
};

/**
 * The ids of the tasks each user sees (owns, or is assigned), in ascending order: the in-memory
 * store's index, kept as each transaction commits (as a database keeps its indexes), so that a
 * list reads the caller's tasks rather than every task in the store, and an unfiltered page in id
 * order is a slice of it. Ids only grow, so a new task is appended.
 */
export class VisibleTasks {
  private readonly byUser = new Map<number, number[]>();

  idsOf(userId: number): readonly number[] {
    return this.byUser.get(userId) ?? NONE;
  }

  /** Task `id` went from `before` to `after` (either absent: created, or deleted). */
  moved(id: number, before: Task | undefined, after: Task | undefined): void {
    const was = seersOf(before);
    const is = seersOf(after);
    for (const user of was) if (!is.includes(user)) this.remove(user, id);
    for (const user of is) if (!was.includes(user)) this.insert(user, id);
  }

  private insert(user: number, id: number): void {
    const ids = this.byUser.get(user);
    if (ids === undefined) {
      this.byUser.set(user, [id]);
      return;
    }
    const last = ids[ids.length - 1];
    if (last === undefined || last < id) {
      ids.push(id);
      return;
    }
    const at = firstAfter(ids, id);
    if (ids[at - 1] !== id) ids.splice(at, 0, id);
  }

  private remove(user: number, id: number): void {
    const ids = this.byUser.get(user);
    if (ids === undefined) return;
    const at = firstAfter(ids, id) - 1;
    if (ids[at] === id) ids.splice(at, 1);
  }
}
