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
