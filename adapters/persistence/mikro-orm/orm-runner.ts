import type { ConnectionType } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/sql';
import type { Compilable, CompiledQuery, Kysely, RawBuilder } from 'kysely';
import type { Database } from './schemas/database.js';
import type { SqlDialect } from './sql-dialect.js';

/** Kysely typed from the entity definitions: a misnamed table or column is a compile error. */
export type Db = Kysely<Database>;

/**
 * Statements on MikroORM's Kysely client for one entity manager: inside `em.transactional` (in its
 * async context, when `em` is the global manager) they run in that transaction, a savepoint's
 * included; outside one, on the connection of the executor's type (`read`: SQLite's read-only
 * connection beside the writer; PostgreSQL's pool). A manager forked with its own context never
 * joins a transaction.
 */
export interface Executor {
  /** Where queries are built, bound to the current transaction if there is one. */
  readonly db: Db;
  execute<R>(compiled: CompiledQuery<R>): Promise<R[]>;
}

/** A boolean parameter as SQLite stores booleans: better-sqlite3 binds no booleans, only 1 and 0. */
const forSqlite = <R>(compiled: CompiledQuery<R>): CompiledQuery<R> =>
  compiled.parameters.some((value) => typeof value === 'boolean')
    ? {
        ...compiled,
        parameters: compiled.parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value)),
      }
    : compiled;

export const ormExecutor = (em: SqlEntityManager, type: ConnectionType, dialect: SqlDialect): Executor => {
  const prepare = dialect.kind === 'sqlite' ? forSqlite : <R>(compiled: CompiledQuery<R>) => compiled;
  return {
    get db() {
      return em.getKysely<Database>({ type });
    },
    execute: async (compiled) =>
      (await em.getKysely<Database>({ type }).executeQuery(prepare(compiled))).rows,
  };
};

/** Runs a statement of `sql` through `run`, doing what it adds around it (timing, error mapping). */
export type AroundStatement = <A>(sql: string, run: () => Promise<A>) => Promise<A>;

/** `executor` with `around` about each of its statements. */
export const aroundEach = (executor: Executor, around: AroundStatement): Executor => ({
  get db() {
    return executor.db;
  },
  execute: (compiled) => around(compiled.sql, () => executor.execute(compiled)),
});

/** A query built on `db`, or a typed fragment of the dialect module's (compiled against `db`). */
export type Query<R> = Compilable<R> | RawBuilder<R>;

/** Typed queries, run by an executor: each is built on `db` and answers the rows its type says. */
export interface Statements {
  readonly db: Db;
  all<R>(query: Query<R>): Promise<R[]>;
  first<R>(query: Query<R>): Promise<R | undefined>;
  /** The row a write with `returning` answers: one that answers none is a defect, thrown. */
  returned<R>(query: Query<R>): Promise<R>;
  run(query: Query<unknown>): Promise<void>;
}

export const statementsOf = (executor: Executor): Statements => {
  const all = <R>(query: Query<R>): Promise<R[]> =>
    executor.execute('isRawBuilder' in query ? query.compile(executor.db) : query.compile());
  return {
    get db() {
      return executor.db;
    },
    all,
    first: async (query) => (await all(query))[0],
    returned: async (query) => {
      const [row] = await all(query);
      if (row === undefined) throw new Error('a write with returning answered no row');
      return row;
    },
    run: async (query) => {
      await all(query);
    },
  };
};

/**
 * Statements another library writes for its own tables (the job queue's, with `$n` placeholders),
 * run as they are on `executor`, so that they commit or roll back with the transaction.
 */
export const passThrough =
  (executor: Executor, dialect: SqlDialect) =>
  (sql: string, params: readonly unknown[]): Promise<readonly object[]> =>
    executor.execute(dialect.foreignStatement(sql, params));
