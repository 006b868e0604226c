import { aroundEach, type SqlRunner } from '../read/sql-runner.js';

/**
 * Writes an all-or-nothing batch holds back, to send many rows in one statement
 * (`held-task-creates.ts`). They are written before the batch's next statement runs, whatever it
 * reads or writes, and before its commit: nothing in the batch or after it can tell they waited.
 */
export interface HeldWrites {
  readonly isEmpty: boolean;
  /** Writes what is held, and holds nothing after. */
  flush(): Promise<void>;
}

/**
 * What makes one kind of held writes over the batch's connection, and names it: one of each per
 * batch. The connection it is given runs statements without writing anything held first (to
 * reserve ids, say).
 */
export type HeldKind<T extends HeldWrites> = (connection: SqlRunner) => T;

/** The held writes of one all-or-nothing batch, over its connection. */
export class HeldWritesOf {
  private readonly held = new Map<HeldKind<HeldWrites>, HeldWrites>();

  /** The batch's connection as its statements use it: each runs once what is held is written. */
  readonly runner: SqlRunner;

  constructor(private readonly tx: SqlRunner) {
    this.runner = aroundEach(tx, async (_sql, run) => {
      await this.flush();
      return run();
    });
  }

  /** The batch's writes of `kind`, made on first use. */
  of<T extends HeldWrites>(kind: HeldKind<T>): T {
    let writes = this.held.get(kind);
    if (writes === undefined) {
      writes = kind(this.tx);
      this.held.set(kind, writes);
    }
    // trust boundary: the writes kept under `kind` are the ones `kind` made.
    return writes as T;
  }

  /** Writes everything held, in the order the kinds were first used. */
  async flush(): Promise<void> {
    for (const writes of this.held.values()) if (!writes.isEmpty) await writes.flush();
  }
}
