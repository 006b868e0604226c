import type { Configuration } from '@mikro-orm/core';
import { AbstractSqlDriver, MikroORM, SqliteConnection, SqlitePlatform } from '@mikro-orm/sqlite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryCompiler,
  SqliteAdapter,
  type TransactionSettings,
} from 'kysely';
import { GROUP_UNIT } from './sql-dialect.js';

/** The most transactions one commit holds: enough to amortise it, few enough to answer soon. */
const MOST_PER_COMMIT = 32;

/** Answers a transaction once the commit that holds it is done. */
interface Waiter {
  resolve(): void;
  reject(cause: unknown): void;
}

/**
 * Group commit on SQLite's one write connection. SQLite's COMMIT is most of a small transaction's
 * cost (the WAL frames of every page it touched, and a new segment of each search index), so writes
 * that share one cost a fraction of what each pays alone; without it the bench's SQLite writes fall
 * well below their goal (bench/RESULTS-mechanisms.md).
 * better-sqlite3 is synchronous, so a transaction runs whole within one turn of the event loop, and
 * others can only join it on a later turn. So a transaction that ends does not commit: it ends as a
 * savepoint released inside a transaction left open, and is answered once that transaction commits,
 * on the next turn (`setImmediate`, after the requests that arrived meanwhile ran theirs in it) or
 * once the group is full. A transaction is never answered before its commit is done. One that fails
 * rolls back to its own savepoint, leaving the others' work; a commit that fails fails every
 * transaction of its group, none of which had been answered. A statement outside any transaction
 * first commits the open group, so it never shares its fate.
 *
 * It is a Kysely driver around the one MikroORM's SQLite connection runs on (transactions and their
 * savepoints still go through `em.transactional`); the savepoint it adds around each transaction is
 * written in the dialect module (`GROUP_UNIT`).
 */
class GroupCommitDriver implements Driver {
  /** The acquisition holding the connection now (Kysely passes it back to each call). */
  #holder: DatabaseConnection | undefined;
  #inner: DatabaseConnection | undefined;
  /** Whether a transaction is open on the connection, and whether one of the group runs in it. */
  #open = false;
  #inUnit = false;
  #commitScheduled = false;
  #waiters: Waiter[] = [];
  /** Who waits for the connection, which this driver lends to one caller at a time. */
  #locked = false;
  #queue: (() => void)[] = [];

  constructor(private readonly driver: Driver) {}

  init(): Promise<void> {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock();
    const inner = await this.driver.acquireConnection();
    this.#inner = inner;
    const held: DatabaseConnection = {
      executeQuery: async (query) => {
        if (this.#open && !this.#inUnit) await this.#commitGroup();
        return inner.executeQuery(query);
      },
      streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
    };
    this.#holder = held;
    return held;
  }

  async beginTransaction(_connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!this.#open) {
      await this.driver.beginTransaction(this.#connection(), settings);
      this.#open = true;
      this.#scheduleCommit();
    }
    await this.#run(GROUP_UNIT.begin);
    this.#inUnit = true;
  }

  async commitTransaction(_connection: DatabaseConnection): Promise<void> {
    await this.#run(GROUP_UNIT.end);
    this.#inUnit = false;
    const committed = new Promise<void>((resolve, reject) => this.#waiters.push({ resolve, reject }));
    if (this.#waiters.length >= MOST_PER_COMMIT) await this.#commitGroup();
    // The next caller may run in the open transaction meanwhile.
    await this.#letGo();
    return committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // A transaction whose group failed to commit: it had let go of the connection already.
    if (this.#holder !== connection || !this.#inUnit) return;
    this.#inUnit = false;
    try {
      await this.#run(GROUP_UNIT.undo);
      await this.#run(GROUP_UNIT.end);
    } catch (cause) {
      // SQLite rolled the whole transaction back itself: the group's work is gone with it.
      await this.#rollbackGroup(cause);
    }
  }

  savepoint(_c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.driver.savepoint?.(this.#connection(), name, compile) ?? Promise.resolve();
  }

  rollbackToSavepoint(_c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.driver.rollbackToSavepoint?.(this.#connection(), name, compile) ?? Promise.resolve();
  }

  releaseSavepoint(_c: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    return this.driver.releaseSavepoint?.(this.#connection(), name, compile) ?? Promise.resolve();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    // Let go of when its transaction ended: the connection may be another caller's now.
    if (this.#holder === connection) await this.#letGo();
  }

  async destroy(): Promise<void> {
    await this.#commitWhenFree();
    await this.driver.destroy();
  }

  async #lock(): Promise<void> {
    if (this.#locked) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#locked = true;
  }

  async #letGo(): Promise<void> {
    this.#holder = undefined;
    await this.driver.releaseConnection(this.#connection());
    this.#unlock();
  }

  #unlock(): void {
    this.#locked = false;
    this.#queue.shift()?.();
  }

  #scheduleCommit(): void {
    if (this.#commitScheduled) return;
    this.#commitScheduled = true;
    setImmediate(() => {
      this.#commitScheduled = false;
      void this.#commitWhenFree();
    });
  }

  /** Commits the open group once no transaction runs in it (its waiters learn of a failure). */
  async #commitWhenFree(): Promise<void> {
    await this.#lock();
    try {
      if (this.#open && !this.#inUnit) await this.#commitGroup();
    } finally {
      this.#unlock();
    }
  }

  async #commitGroup(): Promise<void> {
    const waiters = this.#waiters;
    this.#waiters = [];
    this.#open = false;
    try {
      await this.driver.commitTransaction(this.#connection());
    } catch (cause) {
      await this.driver.rollbackTransaction(this.#connection()).catch(() => undefined);
      for (const waiter of waiters) waiter.reject(cause);
      return;
    }
    for (const waiter of waiters) waiter.resolve();
  }

  async #rollbackGroup(cause: unknown): Promise<void> {
    const waiters = this.#waiters;
    this.#waiters = [];
    this.#open = false;
    await this.driver.rollbackTransaction(this.#connection()).catch(() => undefined);
    for (const waiter of waiters) waiter.reject(cause);
  }

  async #run(statement: CompiledQuery): Promise<void> {
    await this.#connection().executeQuery(statement);
  }

  #connection(): DatabaseConnection {
    if (this.#inner === undefined) throw new Error('no connection acquired');
    return this.#inner;
  }
}

/** SQLite's adapter, but for the connection's lending, which the driver above does itself. */
class GroupCommitAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** `dialect` with its driver committing in groups. */
const groupCommitting = (dialect: Dialect): Dialect => ({
  createAdapter: () => new GroupCommitAdapter(),
  createDriver: () => new GroupCommitDriver(dialect.createDriver()),
  createIntrospector: (db) => dialect.createIntrospector(db),
  createQueryCompiler: () => dialect.createQueryCompiler(),
});

/** MikroORM's SQLite connection, its write connection committing in groups. */
class GroupCommitConnection extends SqliteConnection {
  override createKyselyDialect(options: Parameters<SqliteConnection['createKyselyDialect']>[0]): Dialect {
    const dialect = super.createKyselyDialect(options);
    return this.type === 'write' ? groupCommitting(dialect) : dialect;
  }
}

/** MikroORM's SQLite driver (`SqliteDriver`, which is no more than this) on that connection. */
export class GroupCommitSqliteDriver extends AbstractSqlDriver<GroupCommitConnection, SqlitePlatform> {
  constructor(config: Configuration) {
    super(config, new SqlitePlatform(), GroupCommitConnection, ['kysely', 'better-sqlite3']);
  }

  override getORMClass() {
    return MikroORM;
  }
}
