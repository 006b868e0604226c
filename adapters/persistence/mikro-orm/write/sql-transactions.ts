import type { Database } from 'better-sqlite3';
import type { Pool } from 'pg';
import type { TogetherOptions } from '../../../../application/ports/unit-of-work.port.js';
import { PostgresRunner } from '../read/postgres-runner.js';
import { aroundEach, type SqlRunner } from '../read/sql-runner.js';
import { SqliteRunner } from '../read/sqlite-runner.js';
import type { StatementWatch } from '../read/statement-watch.js';
import type { HeldKind, HeldWrites } from './held-writes.js';
import { type BeginTransaction, type CommitCollector, JoinedTransactions } from './joined-transactions.js';
import { SqliteWriter } from './sqlite-writer.js';

/** The write side's connection(s): transactions, and single statements that must not join one. */
export interface SqlTransactions {
  /**
   * Runs `work` inside BEGIN … COMMIT on one connection; rolls back when it throws. Inside
   * `together`, a savepoint of the transaction held together instead.
   */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** Runs `work` with every transaction it begins joined into one (`JoinedTransactions`). */
  together<T>(work: () => Promise<T>, options?: TogetherOptions): Promise<T>;
  /** The connection of the transaction held together in this context, if one is: reads join it. */
  current(): SqlRunner | undefined;
  /** Inside an all-or-nothing `together`: its writes of `kind`, held to go out together (held-writes.ts). */
  held<T extends HeldWrites>(kind: HeldKind<T>): T | undefined;
  /** Runs `action` once what was just written is committed (inside `together`: with the outer commit). */
  afterCommit(action: () => void): void;
  /** Inside `together`: `item` goes to `collector`, written just before the outer commit (true). Outside: false. */
  collect<T>(collector: CommitCollector<T>, item: T): boolean;
  /**
   * Single statements on the write side, queued behind an open transaction, never part of it; on
   * SQLite, which has one writer, part of the transaction held together in their context, if any.
   */
  readonly autocommit: SqlRunner;
}

/** A transaction held together, with the plain ones it stands in for. */
const joinedOver = (begin: BeginTransaction) => {
  const joined = new JoinedTransactions(begin);
  return {
    transaction: <T>(work: (tx: SqlRunner) => Promise<T>) => joined.transaction(work),
    together: <T>(work: () => Promise<T>, options?: TogetherOptions) => joined.together(work, options),
    current: () => joined.current(),
    held: <T extends HeldWrites>(kind: HeldKind<T>) => joined.held(kind),
    afterCommit: (action: () => void) => joined.afterCommit(action),
    collect: <T>(collector: CommitCollector<T>, item: T) => joined.collect(collector, item),
  };
};

/** Reads through `runner`, or through the transaction held together in their context if there is one. */
export const joiningReads = (
  transactions: Pick<SqlTransactions, 'current'>,
  runner: SqlRunner,
): SqlRunner => ({
  all: (sql, params, planning) => (transactions.current() ?? runner).all(sql, params, planning),
  get: (sql, params, planning) => (transactions.current() ?? runner).get(sql, params, planning),
  run: (sql, params) => (transactions.current() ?? runner).run(sql, params),
});

/**
 * SQLite has one writer at a time, so the write side is one connection taken in turns
 * (`SqliteWriter`): the transactions that waited for it commit together, and the statements of
 * other requests wait for their turn.
 */
export const sqliteTransactions = (database: Database): SqlTransactions => {
  const runner = new SqliteRunner(database);
  const writer = new SqliteWriter(database, runner);
  const joined = joinedOver((work) => writer.transaction(work));
  // Queued behind the transaction held together, they would wait for it while it waits for them.
  const inTurn = <T>(statement: () => Promise<T>) =>
    joined.current() === undefined ? writer.statement(statement) : statement();
  return {
    ...joined,
    autocommit: {
      all: (sql, params) => inTurn(() => runner.all(sql, params)),
      get: (sql, params) => inTurn(() => runner.get(sql, params)),
      run: (sql, params) => inTurn(() => runner.run(sql, params)),
    },
  };
};

/** PostgreSQL: each transaction on its own pooled connection; the pool's row locks do the rest. */
export const postgresTransactions = (pool: Pool, watch?: StatementWatch): SqlTransactions => ({
  ...joinedOver(async (work) => {
    const client = await pool.connect();
    // A connection that dies between statements reports it as an 'error' event: without a
    // listener that would end the process. The next statement fails anyway and says so.
    const ignore = () => undefined;
    client.on('error', ignore);
    /** Each statement's time counts from its start, BEGIN and COMMIT's too. */
    const statement = <A>(_sql: string, run: () => Promise<A>) => {
      watch?.started(client);
      return run();
    };
    const runner =
      watch === undefined ? new PostgresRunner(client) : aroundEach(new PostgresRunner(client), statement);
    let broken = false;
    try {
      await statement('begin', () => client.query('begin'));
      const result = await work(runner);
      await statement('commit', () => client.query('commit'));
      return result;
    } catch (error) {
      // A connection the watch cut (or that broke) fails this at once: it is not handed on.
      await statement('rollback', () => client.query('rollback')).catch(() => {
        broken = true;
      });
      throw error;
    } finally {
      client.off('error', ignore);
      // A connection that could not roll back is not handed to the next request.
      client.release(broken);
    }
  }),
  autocommit: new PostgresRunner(pool),
});
