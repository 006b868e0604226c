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

/** A list the index keeps for a user: every task they see, or those with one status or priority. */
export type IndexedBy = { readonly status: number } | { readonly priority: number } | null;

const listKey = (user: number, by: IndexedBy): string =>
  by === null ? `${user}` : 'status' in by ? `${user}:s${by.status}` : `${user}:p${by.priority}`;

/** The lists a task is in: for each user who sees it, theirs, and theirs of its status and priority. */
const keysOf = (task: Task | undefined): string[] =>
  seersOf(task).flatMap((user) =>
    task === undefined
      ? []
      : [
          listKey(user, null),
          listKey(user, { status: task.status }),
          listKey(user, { priority: task.priority }),
        ],
  );

/**
 * The ids of the tasks each user sees (owns, or is assigned), in ascending order, in all and by
 * status and by priority: the in-memory store's indexes, kept as each transaction commits (as a
 * database keeps its indexes). A list reads the caller's tasks rather than every task in the store;
 * an unfiltered page in id order is a slice of the first, and one filtered by status or priority a
 * slice of its list. Ids only grow, so a new task is appended.
 */
export class VisibleTasks {
  private readonly lists = new Map<string, number[]>();

  idsOf(userId: number, by: IndexedBy = null): readonly number[] {
    return this.lists.get(listKey(userId, by)) ?? NONE;
  }

  /** Task `id` went from `before` to `after` (either absent: created, or deleted). */
  moved(id: number, before: Task | undefined, after: Task | undefined): void {
    const was = keysOf(before);
    const is = keysOf(after);
    for (const key of was) if (!is.includes(key)) this.remove(key, id);
    for (const key of is) if (!was.includes(key)) this.insert(key, id);
  }

  private insert(key: string, id: number): void {
    const ids = this.lists.get(key);
    if (ids === undefined) {
      this.lists.set(key, [id]);
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

  private remove(key: string, id: number): void {
    const ids = this.lists.get(key);
    if (ids === undefined) return;
    const at = firstAfter(ids, id) - 1;
    if (ids[at] === id) ids.splice(at, 1);
  }
}
