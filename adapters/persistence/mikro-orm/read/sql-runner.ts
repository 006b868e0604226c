export type SqlValue = string | number | null;
export type Row = Record<string, unknown>;

/**
 * How a statement is planned where the database lets the caller choose (PostgreSQL). `once`: one
 * plan serves every run, as for rows picked by owner and id along indexes, whatever the values.
 * `per-values`: the best plan depends on the values (how many rows a filter or a search term
 * keeps), so the database weighs a plan for each run's values against the generic one, as it does
 * by default.
 */
export type Planning = 'once' | 'per-values';

/**
 * Prepared statements on the connection MikroORM opened, for the hot read paths: no entity
 * manager, no identity map, no hydration. SQL uses `?` placeholders on both databases.
 */
export interface SqlRunner {
  all(sql: string, params: readonly SqlValue[], planning?: Planning): Promise<Row[]>;
  get(sql: string, params: readonly SqlValue[], planning?: Planning): Promise<Row | undefined>;
  run(sql: string, params: readonly SqlValue[]): Promise<void>;
}

/** Runs a statement of `sql` through `run`, doing what it adds around it (timing, error mapping, a watch). */
export type AroundStatement = <A>(sql: string, run: () => Promise<A>) => Promise<A>;

/** `runner` with `around` about each of its statements. */
export const aroundEach = (runner: SqlRunner, around: AroundStatement): SqlRunner => ({
  all: (sql, params, planning) => around(sql, () => runner.all(sql, params, planning)),
  get: (sql, params, planning) => around(sql, () => runner.get(sql, params, planning)),
  run: (sql, params) => around(sql, () => runner.run(sql, params)),
});
