/** What differs between the two SQL databases, in one place. */
export interface SqlDialect {
  readonly kind: 'sqlite' | 'postgresql';
  /** Whether SELECT ... FOR UPDATE exists (SQLite serialises writers instead). */
  readonly rowLocks: boolean;
  /** A case-insensitive "contains" test of `column` against a lower-cased parameter. */
  containsLowered(column: string): string;
}

export const SQLITE: SqlDialect = {
  kind: 'sqlite',
  rowLocks: false,
  // unicode_lower is registered on the connection: SQLite's own lower() only folds ASCII.
  containsLowered: (column) => `instr(unicode_lower(${column}), ?) > 0`,
};

export const POSTGRESQL: SqlDialect = {
  kind: 'postgresql',
  rowLocks: true,
  containsLowered: (column) => `strpos(lower(${column}), ?) > 0`,
};
