/**
 * The properties of `after` whose values differ from `before` (the row as this transaction read
 * it), or all of them when it was not read. SQLite rewrites every index on a column an UPDATE sets,
 * changed or not, so a status change that set every column would rewrite every index of the row.
 */
const changedProperties = <R extends Readonly<Record<string, unknown>>>(
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
