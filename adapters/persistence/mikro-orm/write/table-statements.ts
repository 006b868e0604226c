import type { EntitySchema } from '@mikro-orm/core';
import type { SqlValue } from '../read/sql-runner.js';

/** A table's columns by property name, read from the entity schema the migrations come from. */
export interface TableShape {
  readonly table: string;
  readonly columns: ReadonlyMap<string, string>;
  /** Every column aliased to its property name: rows read back the way the mappers expect. */
  readonly selection: string;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The column of one property: as declared, or MikroORM's default naming. Read from the schema as
 * written, never from what MikroORM discovers at init, so that a SQLite start, which never inits the
 * ORM, builds the same statements (a spec holds the two to each other).
 */
const columnOf = (name: string, property: object): string => {
  const declared: unknown = 'fieldName' in property ? property.fieldName : undefined;
  return typeof declared === 'string' ? declared : snakeCase(name);
};

/** Every column, each after `prefix`, aliased to its property name. */
const selecting = (columns: ReadonlyMap<string, string>, prefix: string): string =>
  [...columns].map(([name, column]) => `${prefix}${column} as "${name}"`).join(', ');

const shapes = new WeakMap<object, TableShape>();

// biome-ignore lint/suspicious/noExplicitAny: any entity definition, whatever its row type.
export const shapeOf = (definition: EntitySchema<any>): TableShape => {
  let shape = shapes.get(definition);
  if (shape === undefined) {
    const properties: [string, object][] = Object.entries(definition.meta.properties);
    const columns = new Map(properties.map(([name, p]) => [name, columnOf(name, p)]));
    shape = { table: definition.meta.tableName, columns, selection: selecting(columns, '') };
    shapes.set(definition, shape);
  }
  return shape;
};

/** `shape.selection` with each column read from the table as `alias`. */
export const selectionOn = (shape: TableShape, alias: string): string =>
  selecting(shape.columns, `${alias}.`);

export const columnIn = (shape: TableShape, property: string): string => {
  const column = shape.columns.get(property);
  if (column === undefined) throw new Error(`${shape.table} has no column for ${property}`);
  return column;
};

/** Booleans as 1/0: SQLite has no boolean to bind, and PostgreSQL reads '1' and '0' as booleans. */
const bindable = (value: unknown): SqlValue => {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  // trust boundary: a column value of a record, which the schema gives a bindable type (text, number, null).
  return value as SqlValue;
};

export interface Statement {
  readonly sql: string;
  readonly params: SqlValue[];
}

const sameNames = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((name, index) => name === b[index]);

/** The most property lists kept per table and variant: past it, a text is built each time. */
const MOST_LISTS = 64;

/**
 * Statement texts built once for each table, variant (a row count, an extra assignment) and list of
 * properties, so that a statement's text is the same string every time. The runners find their
 * prepared statement by its text, and a text built anew is read through three times for that
 * (copied flat, hashed, compared): 2.5 to 4 µs for the 550 to 850 characters of a task's
 * statements, measured. A list is found by comparing its names one by one, never by a key built from them.
 */
class StatementTexts<Variant> {
  private readonly byShape = new WeakMap<
    TableShape,
    Map<Variant, { readonly names: readonly string[]; readonly text: string }[]>
  >();

  get(shape: TableShape, variant: Variant, names: readonly string[], build: () => string): string {
    let byVariant = this.byShape.get(shape);
    if (byVariant === undefined) {
      byVariant = new Map();
      this.byShape.set(shape, byVariant);
    }
    let built = byVariant.get(variant);
    if (built === undefined) {
      built = [];
      byVariant.set(variant, built);
    }
    for (const entry of built) if (sameNames(entry.names, names)) return entry.text;
    const text = build();
    if (built.length < MOST_LISTS) built.push({ names: [...names], text });
    return text;
  }
}

const insertReturningTexts = new StatementTexts<'returning'>();

/** `insert … returning` every column, for the properties `row` gives. */
export const insertReturning = (shape: TableShape, row: Readonly<Record<string, unknown>>): Statement => {
  const names = Object.keys(row);
  return {
    sql: insertReturningTexts.get(shape, 'returning', names, () => {
      const columns = names.map((name) => columnIn(shape, name)).join(', ');
      const slots = names.map(() => '?').join(', ');
      return `insert into ${shape.table} (${columns}) values (${slots}) returning ${shape.selection}`;
    }),
    params: names.map((name) => bindable(row[name])),
  };
};

/**
 * The most rows one `insertRows` statement takes. Counts are powers of two up to it, so a few
 * prepared statements serve runs of any length.
 */
const MOST_ROWS = 64;

/** `insert` SQL by table, columns and row count. */
const insertTexts = new StatementTexts<number>();

const insertText = (shape: TableShape, names: readonly string[], count: number): string =>
  insertTexts.get(shape, count, names, () => {
    const slots = `(${names.map(() => '?').join(', ')})`;
    const columns = names.map((name) => columnIn(shape, name)).join(', ');
    return `insert into ${shape.table} (${columns}) values ${Array.from({ length: count }, () => slots).join(', ')}`;
  });

/**
 * `insert` of `rows` (each with the same properties, in the same order), as few statements as
 * their count in powers of two: 100 rows are 64, 32 and 4.
 */
export const insertRows = (
  shape: TableShape,
  rows: readonly Readonly<Record<string, unknown>>[],
): Statement[] => {
  const first = rows[0];
  if (first === undefined) return [];
  const names = Object.keys(first);
  const statements: Statement[] = [];
  let at = 0;
  while (at < rows.length) {
    let count = MOST_ROWS;
    while (count > rows.length - at) count /= 2;
    const params: SqlValue[] = [];
    for (let row = at; row < at + count; row++)
      for (const name of names) params.push(bindable(rows[row]?.[name]));
    statements.push({ sql: insertText(shape, names, count), params });
    at += count;
  }
  return statements;
};

/** `update` SQL by table, extra assignments and columns. */
const updateTexts = new StatementTexts<string>();

/** `update … set` the properties `row` gives (plus any `extra` assignments) on the row with `id`. */
export const updateById = (
  shape: TableShape,
  id: number,
  row: Readonly<Record<string, unknown>>,
  extra = '',
): Statement => {
  const names = Object.keys(row);
  return {
    sql: updateTexts.get(shape, extra, names, () => {
      const assignments = names.map((name) => `${columnIn(shape, name)} = ?`);
      if (extra !== '') assignments.push(extra);
      return `update ${shape.table} set ${assignments.join(', ')} where id = ? returning ${shape.selection}`;
    }),
    params: [...names.map((name) => bindable(row[name])), id],
  };
};

/**
 * The properties of `after` whose values differ from `before` (the row as this transaction read
 * it), or all of them when it was not read. SQLite rewrites every index on a column an UPDATE sets,
 * changed or not, so a status change that set every column would rewrite every index of the row.
 */
export const changedProperties = <R extends Readonly<Record<string, unknown>>>(
  before: R | undefined,
  after: R,
): Partial<R> => {
  if (before === undefined) return after;
  const changed: Partial<Record<string, unknown>> = {};
  for (const [name, value] of Object.entries(after)) if (before[name] !== value) changed[name] = value;
  // trust boundary: the properties of `after` whose values differ: a part of R.
  return changed as Partial<R>;
};

/** Rows as a transaction read them, so that an update sets only what changed since. */
export class RowsAsRead<R extends Readonly<Record<string, unknown>>> {
  private readonly rows = new Map<number, R>();

  remember(id: number, row: R): void {
    this.rows.set(id, row);
  }

  /** The row with `id` as this transaction last read or wrote it. */
  get(id: number): R | undefined {
    return this.rows.get(id);
  }

  /** What of `row` differs from the row with `id` as read; `row` is the row as stored from now on. */
  changes(id: number, row: R): Partial<R> {
    const changed = changedProperties(this.rows.get(id), row);
    this.rows.set(id, row);
    return changed;
  }
}
