import { AsyncLocalStorage } from 'node:async_hooks';
import type { TogetherOptions } from '../../../application/ports/unit-of-work.port.js';
import type { Task } from '../../../domain/task/task.js';
import { DraftMap } from './draft-map.js';
import { InMemoryChangeLog } from './in-memory-change-log.js';
import { emptyState, type InMemoryState } from './in-memory-state.js';
import { type IndexedBy, VisibleTasks } from './visible-tasks.js';

type TableName = keyof InMemoryState;

/**
 * A transaction's view of the committed state: a draft over each table (`DraftMap`); `commit` writes
 * what the drafts changed into the committed maps.
 */
const draftOf = (committed: InMemoryState, visibleTasks: VisibleTasks | null) => {
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
    attempts: draftFor('attempts'),
    calendarFeeds: draftFor('calendarFeeds'),
    sequences: draftFor('sequences'),
  };
  const commit = (): void => {
    const tasks = drafts.get('tasks');
    if (tasks?.touched && visibleTasks !== null) {
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

/** Runs `action` once the transaction's changes are in the committed state. */
export type OnCommit = (action: () => void) => void;

/** What a transaction gets: its draft of the state, and a way to act once it is committed. */
export type TransactionWork<A> = (
  draft: InMemoryState,
  onCommit: OnCommit,
) => Promise<{ readonly commit: boolean; readonly value: A }>;

/** A transaction running in this async context: the outer one `together` began, or one joined to it. */
interface Level {
  readonly draft: InMemoryState;
  /** All or nothing: joined transactions work on the batch's draft itself, and one that fails fails it. */
  readonly outer: { open: boolean; readonly allOrNothing: boolean; failed: boolean };
  /** Transactions joined at this level, one at a time, as a database's savepoints are. */
  joins: Promise<unknown>;
  /** What to do once the outer transaction commits, of what committed at this level so far. */
  readonly onCommit: (() => void)[];
}

/**
 * The in-memory "database": one committed state, and transactions that run one at a time on a
 * draft of it, whose changes are written into it only on commit, all at once (nothing is awaited
 * while they are). That gives the same atomicity and isolation the SQL adapters get from their
 * databases: reads outside a transaction see only the committed state.
 *
 * `together` holds one transaction open for a batch: transactions begun in its async context run on
 * drafts of its draft (a savepoint each) and reads there see its draft, until it commits or not.
 */
export class InMemoryDatabase {
  private readonly committed: InMemoryState = emptyState();
  /** Appended to as transactions commit; outside the state, so a transaction never copies it. */
  readonly changeLog = new InMemoryChangeLog();
  /** The tasks each user sees, by id: kept as transactions commit, like the change log. */
  readonly visibleTasks = new VisibleTasks();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly ambient = new AsyncLocalStorage<Level>();

  private level(): Level | undefined {
    const level = this.ambient.getStore();
    return level?.outer.open === true ? level : undefined;
  }

  /** The committed state (or, inside a batch, the batch's draft), for reads outside transactions. Never mutate it. */
  get state(): InMemoryState {
    return this.level()?.draft ?? this.committed;
  }

  /**
   * The ids of the tasks `userId` sees (those of one status or priority, when `by` says), in id
   * order; null inside a batch, whose draft the index does not follow.
   */
  visibleTaskIds(userId: number, by: IndexedBy = null): readonly number[] | null {
    return this.level() === undefined ? this.visibleTasks.idsOf(userId, by) : null;
  }

  transaction<A>(work: TransactionWork<A>): Promise<A> {
    const level = this.level();
    if (level !== undefined) return this.joined(level, work);
    return this.outermost((draft, actions) => work(draft, (action) => actions.push(action)));
  }

  /** `work` with every transaction it begins joined into one, committed when it says so. */
  together<A>(
    work: () => Promise<{ readonly commit: boolean; readonly value: A }>,
    options: TogetherOptions = {},
  ): Promise<A> {
    const level = this.level();
    if (level !== undefined) return this.joined(level, () => work());
    return this.outermost(async (draft, actions) => {
      const outer = { open: true, allOrNothing: options.allOrNothing ?? false, failed: false };
      const top: Level = { draft, outer, joins: Promise.resolve(), onCommit: actions };
      let outcome: { readonly commit: boolean; readonly value: A };
      try {
        outcome = await this.ambient.run(top, work);
      } finally {
        outer.open = false;
      }
      if (outcome.commit && outer.failed) throw new Error('a part of an all-or-nothing batch failed');
      return outcome;
    });
  }

  /**
   * `work` on a draft of the committed state, after the transactions before it: the draft written
   * into the state when it says so, then what it asked to do once committed (`actions`).
   */
  private outermost<A>(
    work: (
      draft: InMemoryState,
      actions: (() => void)[],
    ) => Promise<{ readonly commit: boolean; readonly value: A }>,
  ): Promise<A> {
    const run = this.queue.then(async () => {
      const { draft, commit: commitDraft } = draftOf(this.committed, this.visibleTasks);
      const actions: (() => void)[] = [];
      const { commit, value } = await work(draft, actions);
      if (commit) {
        commitDraft();
        for (const action of actions) action();
      }
      return value;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A joined transaction of an all-or-nothing batch, on the batch's draft itself: failing, it fails the batch. */
  private async part<A>(level: Level, work: TransactionWork<A>): Promise<A> {
    const inner: Level = { draft: level.draft, outer: level.outer, joins: Promise.resolve(), onCommit: [] };
    try {
      const { commit, value } = await this.ambient.run(inner, () =>
        work(level.draft, (action) => inner.onCommit.push(action)),
      );
      if (!commit) level.outer.failed = true;
      else level.onCommit.push(...inner.onCommit);
      return value;
    } catch (error) {
      level.outer.failed = true;
      throw error;
    }
  }

  /** A transaction on a draft of `level`'s draft, after the others joined there. */
  private joined<A>(level: Level, work: TransactionWork<A>): Promise<A> {
    const run = level.joins.then(async () => {
      if (level.outer.allOrNothing) return this.part(level, work);
      const { draft, commit: commitDraft } = draftOf(level.draft, null);
      const inner: Level = { draft, outer: level.outer, joins: Promise.resolve(), onCommit: [] };
      const { commit, value } = await this.ambient.run(inner, () =>
        work(draft, (action) => inner.onCommit.push(action)),
      );
      if (commit) {
        commitDraft();
        level.onCommit.push(...inner.onCommit);
      }
      return value;
    });
    level.joins = run.catch(() => undefined);
    return run;
  }
}
