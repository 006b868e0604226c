import type { Task } from '../../../domain/task/task.js';
import { DraftMap } from './draft-map.js';
import { InMemoryChangeLog } from './in-memory-change-log.js';
import { emptyState, type InMemoryState } from './in-memory-state.js';
import { VisibleTasks } from './visible-tasks.js';

type TableName = keyof InMemoryState;

/**
 * A transaction's view of the committed state: a draft over each table (`DraftMap`); `commit` writes
 * what the drafts changed into the committed maps.
 */
const draftOf = (committed: InMemoryState, visibleTasks: VisibleTasks) => {
  const drafts = new Map<TableName, DraftMap<unknown, unknown>>();
  const draftFor = <N extends TableName>(name: N): InMemoryState[N] => {
    let draft = drafts.get(name);
    if (draft === undefined) {
      draft = new DraftMap<unknown, unknown>(committed[name]);
      drafts.set(name, draft);
    }
    // trust boundary: the draft of table `name` stands for that table's map, keys and values alike.
    return draft as unknown as InMemoryState[N];
  };
  const draft: InMemoryState = {
    users: draftFor('users'),
    apiKeys: draftFor('apiKeys'),
    tasks: draftFor('tasks'),
    history: draftFor('history'),
    taskNumbers: draftFor('taskNumbers'),
    profiles: draftFor('profiles'),
    completions: draftFor('completions'),
    ledgers: draftFor('ledgers'),
    clients: draftFor('clients'),
    projects: draftFor('projects'),
    categories: draftFor('categories'),
    cards: draftFor('cards'),
    notes: draftFor('notes'),
    times: draftFor('times'),
    moneys: draftFor('moneys'),
    webhooks: draftFor('webhooks'),
    deliveries: draftFor('deliveries'),
    sequences: draftFor('sequences'),
  };
  const commit = (): void => {
    const tasks = drafts.get('tasks');
    if (tasks?.touched) {
      // trust boundary: the tasks draft holds tasks by id, over the committed tasks.
      const changed = tasks as unknown as DraftMap<number, Task>;
      for (const id of changed.changedKeys())
        visibleTasks.moved(id, committed.tasks.get(id), changed.get(id));
    }
    for (const [name, table] of drafts) {
      // trust boundary: each draft was made over the committed map of the same name.
      const target = committed[name] as Map<unknown, unknown>;
      if (table.touched) table.commitTo(target);
    }
  };
  return { draft, commit };
};

/**
 * The in-memory "database": one committed state, and transactions that run one at a time on a
 * draft of it, whose changes are written into it only on commit, all at once (nothing is awaited
 * while they are). That gives the same atomicity and isolation the SQL adapters get from their
 * databases: reads outside a transaction see only the committed state.
 */
export class InMemoryDatabase {
  private readonly committed: InMemoryState = emptyState();
  /** Appended to as transactions commit; outside the state, so a transaction never copies it. */
  readonly changeLog = new InMemoryChangeLog();
  /** The tasks each user sees, by id: kept as transactions commit, like the change log. */
  readonly visibleTasks = new VisibleTasks();
  private queue: Promise<unknown> = Promise.resolve();

  /** The committed state, for reads outside transactions. Never mutate it. */
  get state(): InMemoryState {
    return this.committed;
  }

  transaction<A>(work: (draft: InMemoryState) => Promise<{ commit: boolean; value: A }>): Promise<A> {
    const run = this.queue.then(async () => {
      const { draft, commit: commitDraft } = draftOf(this.committed, this.visibleTasks);
      const { commit, value } = await work(draft);
      if (commit) commitDraft();
      return value;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}
