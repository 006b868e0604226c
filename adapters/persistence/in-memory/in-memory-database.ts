import { InMemoryChangeLog } from './in-memory-change-log.js';
import { emptyState, type InMemoryState } from './in-memory-state.js';

type TableName = keyof InMemoryState;
type Table = InMemoryState[TableName];

/** A shallow copy: stored values are immutable (every write replaces them), so sharing them is safe. */
const copyOf = <T extends Table>(table: T): T =>
  // The cast only restates what the branch proved: an array copy is the same array type, a Map copy the same Map type.
  (Array.isArray(table) ? [...table] : new Map(table as Map<unknown, unknown>)) as T;

/**
 * A transaction's view of the committed state: a table is copied the first time the transaction
 * touches it, so a write costs what it touches, not the size of the whole database.
 */
const draftOf = (committed: InMemoryState) => {
  const copies = new Map<TableName, Table>();
  const draft = {} as InMemoryState;
  for (const name of Object.keys(committed) as TableName[]) {
    Object.defineProperty(draft, name, {
      enumerable: true,
      get: () => {
        if (!copies.has(name)) copies.set(name, copyOf(committed[name]));
        return copies.get(name);
      },
      set: (table: Table) => copies.set(name, table),
    });
  }
  const commit = (): InMemoryState => ({ ...committed, ...Object.fromEntries(copies) });
  return { draft, commit };
};

/**
 * The in-memory "database": one committed state, and transactions that run one at a time on a
 * copy-on-write draft of it, replacing it only on commit. That gives the same atomicity and
 * isolation the SQL adapters get from their databases: reads outside a transaction see only the
 * committed state.
 */
export class InMemoryDatabase {
  private committed: InMemoryState = emptyState();
  /** Appended to as transactions commit; outside the state, so a transaction never copies it. */
  readonly changeLog = new InMemoryChangeLog();
  private queue: Promise<unknown> = Promise.resolve();

  /** The committed state, for reads outside transactions. Never mutate it. */
  get state(): InMemoryState {
    return this.committed;
  }

  transaction<A>(work: (draft: InMemoryState) => Promise<{ commit: boolean; value: A }>): Promise<A> {
    const run = this.queue.then(async () => {
      const { draft, commit: committedDraft } = draftOf(this.committed);
      const { commit, value } = await work(draft);
      if (commit) this.committed = committedDraft();
      return value;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
