import type { Database } from 'better-sqlite3';
import type { SqlRunner } from '../read/sql-runner.js';

/**
 * The most transactions committed as one: enough to share a commit among the requests of a busy
 * server, few enough that none waits long for the others' work before its answer.
 */
export const MAX_GROUP = 16;

interface Settles {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

interface TransactionTurn extends Settles {
  readonly kind: 'transaction';
  readonly work: (tx: SqlRunner) => Promise<unknown>;
}

interface StatementTurn extends Settles {
  readonly kind: 'statement';
  readonly statement: () => Promise<unknown>;
}

type Turn = TransactionTurn | StatementTurn;

/** A transaction of the open group whose work is done: it settles with the group's COMMIT. */
interface Ran {
  readonly turn: TransactionTurn;
  readonly value: unknown;
}

/**
 * SQLite's one writer, taken in turns in the order they came, with group commit. A turn that finds
 * the writer idle starts it at the next `setImmediate`, by when the event loop has read every
 * request that was ready; the transactions waiting then (and any that come while they run) run one
 * after another in one BEGIN … COMMIT, each after the first in a savepoint of its own, and commit
 * together as soon as none is left. The write lock is never held across a turn of the loop: another
 * connection to the file in this process (a second workspace, a test) waits for it synchronously,
 * and would wait in vain for a commit that only the loop can run.
 *
 * Why: the commit is the largest part of a small write on SQLite. It writes every page the
 * transaction touched to the WAL (about 20 for a task's create: its table, five indexes, the search
 * index's new segment, the counters, the history and the change log), and every thousand pages a
 * checkpoint copies them into the database file and syncs it. Measured in process, a create cost
 * about 700 µs alone, 530 of them in its commit. Transactions committed together write the pages
 * they share once. A request's work never waits on the network or a timer, so without the wait for
 * `setImmediate` each would begin and commit before the next request was even read.
 *
 * What a caller sees does not change: its work runs alone on the connection, after everything that
 * came before it, and its promise settles only once the group's COMMIT has returned, so nothing is
 * answered before it is stored. One that fails takes back only its own writes (its savepoint; the
 * first of a group, the transaction it began, so the group begins again with the next). If SQLite
 * ends the whole transaction itself (a full disk, an I/O error), those of the group that ran before
 * fail with the same error, as nothing of theirs was stored. A statement outside any transaction
 * (`statement`) commits the open group before it runs.
 */
export class SqliteWriter {
  private readonly turns: Turn[] = [];
  /** From the first turn that found the writer idle until every turn since has run. */
  private busy = false;
  /** The open group's finished transactions; empty when no transaction is open. */
  private ran: Ran[] = [];
  private readonly begin;
  private readonly commit;
  private readonly rollback;
  private readonly savepoint;
  private readonly release;
  private readonly rollbackToSavepoint;

  constructor(
    private readonly database: Database,
    private readonly runner: SqlRunner,
  ) {
    // IMMEDIATE takes the file's write lock up front, so a transaction cannot fail half-way on a
    // lock another process (the CLI) holds.
    this.begin = database.prepare('begin immediate');
    this.commit = database.prepare('commit');
    this.rollback = database.prepare('rollback');
    this.savepoint = database.prepare('savepoint grouped');
    this.release = database.prepare('release grouped');
    this.rollbackToSavepoint = database.prepare('rollback to grouped');
  }

  /** `work` in a transaction, committed with the others of its turn of the event loop. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    return this.inLine((settles) => ({ kind: 'transaction', work, ...settles }));
  }

  /** `statement` on its own, outside any transaction, in its turn. */
  statement<T>(statement: () => Promise<T>): Promise<T> {
    return this.inLine((settles) => ({ kind: 'statement', statement, ...settles }));
  }

  /** A promise of the turn `make` builds, settled when that turn has run (and committed). */
  private inLine<T>(make: (settles: Settles) => Turn): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // trust boundary: a turn resolves with what its own work or statement returned, a T.
      this.enter(make({ resolve: resolve as (value: unknown) => void, reject }));
    });
  }

  private enter(turn: Turn): void {
    this.turns.push(turn);
    if (this.busy) return;
    this.busy = true;
    // Every request the loop had ready has come to its turn by the time `setImmediate` calls back.
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    for (let turn = this.turns.shift(); turn !== undefined; turn = this.turns.shift()) {
      if (turn.kind === 'transaction') {
        if (this.ran.length >= MAX_GROUP) this.commitGroup();
        await this.inGroup(turn);
        continue;
      }
      this.commitGroup();
      try {
        turn.resolve(await turn.statement());
      } catch (error) {
        turn.reject(error);
      }
    }
    this.commitGroup();
    this.busy = false;
  }

  /** `turn`'s work in the open group: it begins the transaction, or joins it as a savepoint. */
  private async inGroup(turn: TransactionTurn): Promise<void> {
    const first = this.ran.length === 0;
    try {
      (first ? this.begin : this.savepoint).run();
    } catch (error) {
      turn.reject(error);
      if (!first) this.abandonGroup(error);
      return;
    }
    let value: unknown;
    try {
      value = await turn.work(this.runner);
      if (!first) this.release.run();
    } catch (error) {
      turn.reject(error);
      this.undo(first, error);
      return;
    }
    this.ran.push({ turn, value });
  }

  /** Takes back what a failed transaction wrote: its savepoint, or the transaction it began. */
  private undo(first: boolean, error: unknown): void {
    // SQLite ended the transaction itself: what the group's others wrote is gone too.
    if (!this.database.inTransaction) {
      this.abandonGroup(error);
      return;
    }
    try {
      if (first) this.rollback.run();
      else {
        this.rollbackToSavepoint.run();
        this.release.run();
      }
    } catch (undoing) {
      this.abandonGroup(undoing);
    }
  }

  /** Commits the open group, if one is open, and settles its transactions with the outcome. */
  private commitGroup(): void {
    if (this.ran.length === 0) return;
    try {
      this.commit.run();
    } catch (error) {
      this.abandonGroup(error);
      return;
    }
    const ran = this.ran;
    this.ran = [];
    for (const { turn, value } of ran) turn.resolve(value);
  }

  /** The open group cannot commit: it is rolled back, and its transactions fail with `error`. */
  private abandonGroup(error: unknown): void {
    try {
      if (this.database.inTransaction) this.rollback.run();
    } catch {
      // A connection that cannot even roll back fails the next BEGIN, which says why.
    }
    const ran = this.ran;
    this.ran = [];
    for (const { turn } of ran) turn.reject(error);
  }
}
