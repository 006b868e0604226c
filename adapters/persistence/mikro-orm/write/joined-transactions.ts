import { AsyncLocalStorage } from 'node:async_hooks';
import type { TogetherOptions } from '../../../../application/ports/unit-of-work.port.js';
import type { SqlRunner } from '../read/sql-runner.js';
import { type HeldKind, type HeldWrites, HeldWritesOf } from './held-writes.js';

/** Runs tasks one at a time, in the order they came. */
class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * What gathers items from the transactions joined in one, and writes them all with one another just
 * before the outer commit (the change log: one sequence raised per user for the whole batch).
 */
export interface CommitCollector<T> {
  flush(tx: SqlRunner, items: readonly T[]): Promise<void>;
}

/** One level of a joined transaction: the outer one `together` began, or a savepoint in it. */
interface Level {
  readonly runner: SqlRunner;
  readonly outer: Outer;
  /** Transactions joined at this level, one at a time: two savepoints cannot interleave. */
  readonly joins: SerialQueue;
  /** What to do once the outer transaction commits, of what committed at this level so far. */
  readonly afterCommit: (() => void)[];
  /** What collectors gathered at this level so far, for the outer commit. */
  readonly collected: Map<object, Pending>;
}

interface Outer {
  /** Until the outer transaction ends: work still running in its context afterwards joins nothing. */
  open: boolean;
  savepoints: number;
  /**
   * All or nothing (`TogetherOptions`): no savepoints, and a joined transaction that fails fails the
   * outer one. PostgreSQL gives each savepoint that writes a subtransaction id of its own, and more
   * than 64 in one transaction slow every session's visibility checks while it lasts.
   */
  readonly allOrNothing: boolean;
  /** Set once a joined transaction failed in an all-or-nothing batch: it cannot commit. */
  failed: boolean;
  /** All or nothing: writes held back to go out together (held-writes.ts). */
  readonly held: HeldWritesOf | undefined;
}

/** Thrown out of an all-or-nothing batch whose work answered as if a failed part did not matter. */
export class PartFailed extends Error {}

/** A collector's items so far, and how to write them (closed over their type). */
interface Pending {
  readonly items: unknown[];
  readonly flush: (tx: SqlRunner) => Promise<void>;
}

const gather = <T>(
  collected: Map<object, Pending>,
  collector: CommitCollector<T>,
  items: readonly T[],
): void => {
  const pending = collected.get(collector);
  if (pending !== undefined) {
    pending.items.push(...items);
    return;
  }
  const list = [...items];
  collected.set(collector, { items: list, flush: (tx) => collector.flush(tx, list) });
};

/** What a savepoint gathered, handed to the level it was released into. */
const gatherAll = (into: Map<object, Pending>, from: Map<object, Pending>): void => {
  for (const [collector, pending] of from) {
    const there = into.get(collector);
    if (there === undefined) into.set(collector, pending);
    else there.items.push(...pending.items);
  }
};

/** A fresh level over `level`'s connection, for one joined transaction. */
const innerOf = (level: Level): Level => ({
  runner: level.runner,
  outer: level.outer,
  joins: new SerialQueue(),
  afterCommit: [],
  collected: new Map(),
});

/** A plain transaction: BEGIN, `work`, COMMIT (or ROLLBACK when it throws). */
export type BeginTransaction = <T>(work: (tx: SqlRunner) => Promise<T>) => Promise<T>;

/**
 * Transactions that can hold together (a batch, CONTRACT §11): while `together`'s work runs, every
 * transaction begun in its async context joins its transaction as a savepoint, so one that fails
 * takes back only its own part, and all of them commit (or roll back) with the outer one. What each
 * would do after its commit waits for the outer commit, and is dropped if it never comes.
 */
export class JoinedTransactions {
  private readonly ambient = new AsyncLocalStorage<Level>();

  constructor(private readonly begin: BeginTransaction) {}

  private level(): Level | undefined {
    const level = this.ambient.getStore();
    return level?.outer.open === true ? level : undefined;
  }

  /** The connection of the transaction held together in this context, if one is. */
  current(): SqlRunner | undefined {
    return this.level()?.runner;
  }

  /** `work` in a transaction of its own, or as a savepoint of the one held together here. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    const level = this.level();
    return level === undefined ? this.begin(work) : this.savepoint(level, work);
  }

  /** `work` with every transaction it begins joined into one (nested: a savepoint of the enclosing one). */
  together<T>(work: () => Promise<T>, options: TogetherOptions = {}): Promise<T> {
    const level = this.level();
    if (level !== undefined) return this.savepoint(level, () => work());
    const allOrNothing = options.allOrNothing ?? false;
    const afterCommit: (() => void)[] = [];
    return this.begin(async (connection) => {
      const held = allOrNothing ? new HeldWritesOf(connection) : undefined;
      const outer: Outer = { open: true, savepoints: 0, allOrNothing, failed: false, held };
      // Every statement of the batch runs once the writes held before it are written.
      const runner = held?.runner ?? connection;
      const top: Level = { runner, outer, joins: new SerialQueue(), afterCommit, collected: new Map() };
      try {
        const result = await this.ambient.run(top, work);
        if (outer.failed) throw new PartFailed('a part of an all-or-nothing batch failed');
        await held?.flush();
        for (const pending of top.collected.values()) await pending.flush(runner);
        return result;
      } finally {
        outer.open = false;
      }
    }).then((result) => {
      for (const action of afterCommit) action();
      return result;
    });
  }

  /**
   * Inside an all-or-nothing `together`: its writes of `kind` (one of each per batch), held back to
   * go out together. Elsewhere undefined: the caller writes as it goes.
   */
  held<T extends HeldWrites>(kind: HeldKind<T>): T | undefined {
    return this.level()?.outer.held?.of(kind);
  }

  /** Runs `action` once what was just written is committed: now, or when the outer transaction commits. */
  afterCommit(action: () => void): void {
    const level = this.level();
    if (level === undefined) action();
    else level.afterCommit.push(action);
  }

  /**
   * Inside `together`: hands `item` to `collector`, to be written with every other item it gets
   * just before the outer commit (dropped with a savepoint rolled back), and answers true. Outside:
   * false, and the caller writes it itself.
   */
  collect<T>(collector: CommitCollector<T>, item: T): boolean {
    const level = this.level();
    if (level === undefined) return false;
    gather(level.collected, collector, [item]);
    return true;
  }

  /** A joined transaction of an all-or-nothing batch: no savepoint; failing, it fails the batch. */
  private part<T>(level: Level, work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    return level.joins.run(async () => {
      const inner = innerOf(level);
      try {
        const result = await this.ambient.run(inner, () => work(level.runner));
        level.afterCommit.push(...inner.afterCommit);
        gatherAll(level.collected, inner.collected);
        return result;
      } catch (error) {
        level.outer.failed = true;
        throw error;
      }
    });
  }

  private savepoint<T>(level: Level, work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    if (level.outer.allOrNothing) return this.part(level, work);
    return level.joins.run(async () => {
      level.outer.savepoints += 1;
      const name = `joined_${level.outer.savepoints}`;
      const { runner } = level;
      await runner.run(`savepoint ${name}`, []);
      const inner = innerOf(level);
      let result: T;
      try {
        result = await this.ambient.run(inner, () => work(runner));
      } catch (error) {
        await runner.run(`rollback to savepoint ${name}`, []);
        await runner.run(`release savepoint ${name}`, []);
        throw error;
      }
      await runner.run(`release savepoint ${name}`, []);
      level.afterCommit.push(...inner.afterCommit);
      gatherAll(level.collected, inner.collected);
      return result;
    });
  }
}
