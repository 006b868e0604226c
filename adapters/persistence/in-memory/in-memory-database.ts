import { emptyState, type InMemoryState } from './in-memory-state.js';

/**
 * The in-memory "database": one committed state, and transactions that run one at a time on a
 * copy of it, replacing it only on commit. That gives the same atomicity and isolation the SQL
 * adapters get from their databases.
 */
export class InMemoryDatabase {
  private committed: InMemoryState = emptyState();
  private queue: Promise<unknown> = Promise.resolve();

  /** The committed state, for reads outside transactions. Never mutate it. */
  get state(): InMemoryState {
    return this.committed;
  }

  transaction<A>(work: (draft: InMemoryState) => Promise<{ commit: boolean; value: A }>): Promise<A> {
    const run = this.queue.then(async () => {
      const draft = structuredClone(this.committed);
      const { commit, value } = await work(draft);
      if (commit) this.committed = draft;
      return value;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
