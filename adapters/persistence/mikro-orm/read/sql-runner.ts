export type SqlValue = string | number | null;
export type Row = Record<string, unknown>;

/**
 * Statements on a connection MikroORM opened (`orm-runner.ts`), for the hot paths: no identity map,
 * no hydration. SQL uses `?` placeholders on both databases.
 */
export interface SqlRunner {
  all(sql: string, params: readonly SqlValue[]): Promise<Row[]>;
  get(sql: string, params: readonly SqlValue[]): Promise<Row | undefined>;
  run(sql: string, params: readonly SqlValue[]): Promise<void>;
}

/** Runs a statement of `sql` through `run`, doing what it adds around it (timing, error mapping, a watch). */
export type AroundStatement = <A>(sql: string, run: () => Promise<A>) => Promise<A>;

/** `runner` with `around` about each of its statements. */
export const aroundEach = (runner: SqlRunner, around: AroundStatement): SqlRunner => ({
  all: (sql, params) => around(sql, () => runner.all(sql, params)),
  get: (sql, params) => around(sql, () => runner.get(sql, params)),
  run: (sql, params) => around(sql, () => runner.run(sql, params)),
});
