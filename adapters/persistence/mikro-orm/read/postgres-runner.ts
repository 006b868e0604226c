import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryArrayResult } from 'pg';
import { BoundedCache } from '../bounded-cache.js';
import type { Planning, Row, SqlRunner, SqlValue } from './sql-runner.js';

/** Builds a row object from the values of one row, in the statement's column order. */
type RowMaker = (values: readonly unknown[]) => Row;

interface Prepared {
  readonly name: string;
  readonly text: string;
  /** The row maker for the columns the statement's last answer had (made on its first answer). */
  rows?: { readonly columns: readonly string[]; readonly make: RowMaker };
}

const MAX_CACHED_STATEMENTS = 500;

/**
 * Statement names by SQL, shared by every runner: a name is the hash of its text, so each
 * connection prepares a statement once under the same name, whichever runner asks.
 */
const prepared = new BoundedCache<string, Prepared>(MAX_CACHED_STATEMENTS);

const statement = (sql: string): Prepared =>
  prepared.getOrMake(sql, () => {
    let index = 0;
    const text = sql.replace(/\?/g, () => `$${++index}`);
    return { name: `ws_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`, text };
  });

/**
 * A function of its own for one list of columns, whose object literal gives every row of that list
 * one shape. pg builds each row by copying one object per statement, but its copy is one site for
 * every statement a process runs: past four shapes it turns generic, and a row of 22 columns took
 * 470 ns instead of 260 (a page of 100 tasks: 47 µs). Rows taken as arrays and made here take 95 ns.
 * The source is made from column names only, each written as a JSON string, so any name is a key.
 * A name given twice keeps its last value, as pg's rows do.
 */
const rowMakerOf = (columns: readonly string[]): RowMaker => {
  const literal = columns
    // `__proto__: …` in a literal would set the prototype; computed, it is a column like the others.
    .map(
      (column, index) =>
        `${column === '__proto__' ? '["__proto__"]' : JSON.stringify(column)}: values[${index}]`,
    )
    .join(', ');
  // trust boundary: the function made here returns an object literal of the named columns.
  return new Function('values', `return {${literal}};`) as RowMaker;
};

const sameColumns = (columns: readonly string[], fields: QueryArrayResult['fields']): boolean =>
  columns.length === fields.length && columns.every((column, index) => column === fields[index]?.name);

/** Rows of `result` as objects, made by the statement's row maker (made again if its columns moved). */
const rowsOf = (prepared: Prepared, result: QueryArrayResult): Row[] => {
  let maker = prepared.rows;
  if (maker === undefined || !sameColumns(maker.columns, result.fields)) {
    const columns = result.fields.map((field) => field.name);
    maker = { columns, make: rowMakerOf(columns) };
    prepared.rows = maker;
  }
  return result.rows.map(maker.make);
};

/**
 * Runs statements on the service's pg pool (or one connection of a pool) as named prepared statements
 * (`$n` placeholders). Those planned `per-values` run on `perValues` when given: connections in
 * PostgreSQL's default mode, which weighs a plan for each run's values against the generic one.
 */
export class PostgresRunner implements SqlRunner {
  constructor(
    private readonly connection: Pool | PoolClient,
    private readonly perValues: Pool | PoolClient = connection,
  ) {}

  async all(sql: string, params: readonly SqlValue[], planning: Planning = 'once'): Promise<Row[]> {
    const connection = planning === 'per-values' ? this.perValues : this.connection;
    const prepared = statement(sql);
    const result = await connection.query({
      name: prepared.name,
      text: prepared.text,
      values: [...params],
      rowMode: 'array',
    });
    return rowsOf(prepared, result);
  }

  async get(sql: string, params: readonly SqlValue[], planning?: Planning): Promise<Row | undefined> {
    return (await this.all(sql, params, planning))[0];
  }

  async run(sql: string, params: readonly SqlValue[]): Promise<void> {
    await this.all(sql, params);
  }
}
