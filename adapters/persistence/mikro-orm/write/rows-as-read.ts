/**
 * Rows as a transaction read them, so that an update sets only what changed since: SQLite rewrites
 * every index on a column an UPDATE sets, changed or not, so a status change that set every column
 * would rewrite every index of the row.
 */
export class RowsAsRead<R extends object> {
  private readonly rows = new Map<number, R>();

  remember(id: number, row: R): void {
    this.rows.set(id, row);
  }

  /** The row with `id` as this transaction last read or wrote it. */
  get(id: number): R | undefined {
    return this.rows.get(id);
  }

  /**
   * The columns of `row` whose values differ from the row with `id` as read (all of them when it was
   * not read); `row` is the row as stored from now on.
   */
  changes(id: number, row: R): Partial<R> {
    const before = this.rows.get(id);
    this.rows.set(id, row);
    if (before === undefined) return row;
    const changed: Partial<R> = {};
    // trust boundary: a row's own keys are its columns.
    for (const column of Object.keys(row) as (keyof R)[])
      if (before[column] !== row[column]) changed[column] = row[column];
    return changed;
  }
}
