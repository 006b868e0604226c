import type { ChangeResource } from '../../../application/ports/change-log.port.js';
import type { CurrentRecords, ResourceRecords } from '../../../application/ports/current-records.port.js';
import { isVisibleTo, type UserId } from '../../../domain/task/task.js';
import type { InMemoryDatabase } from './in-memory-database.js';
import type { InMemoryState } from './in-memory-state.js';
import { handedOut } from './paging.js';

type Readers = {
  readonly [R in ChangeResource]: (
    state: InMemoryState,
    userId: UserId,
    id: number,
  ) => ResourceRecords[R] | null;
};

/** The user's own record in the table `tableOf` picks, or null. */
const owned =
  <A extends { readonly ownerId: number }>(tableOf: (state: InMemoryState) => ReadonlyMap<number, A>) =>
  (state: InMemoryState, userId: UserId, id: number): A | null => {
    const record = tableOf(state).get(id);
    return record !== undefined && record.ownerId === userId ? record : null;
  };

const READERS: Readers = {
  tasks: (state, userId, id) => {
    const task = state.tasks.get(id);
    return task !== undefined && isVisibleTo(task, userId) ? task : null;
  },
  clients: owned((state) => state.clients),
  projects: owned((state) => state.projects),
  notes: owned((state) => state.notes),
  categories: owned((state) => state.categories),
  cards: owned((state) => state.cards),
  times: owned((state) => state.times),
  moneys: owned((state) => state.moneys),
};

export class InMemoryCurrentRecords implements CurrentRecords {
  constructor(private readonly database: InMemoryDatabase) {}

  async visible<R extends ChangeResource>(
    userId: UserId,
    resource: R,
    ids: readonly number[],
  ): Promise<readonly ResourceRecords[R][]> {
    const state = this.database.state;
    const read: Readers[R] = READERS[resource];
    return ids.flatMap((id) => {
      const record = read(state, userId, id);
      return record === null ? [] : [handedOut(record)];
    });
  }
}
