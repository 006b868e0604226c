/** A window on a list: at most `limit` items after skipping `offset`. */
export interface Page {
  readonly limit: number;
  readonly offset: number;
}

/** One page of a list, and how many items the whole list has. */
export interface Paged<T> {
  readonly items: readonly T[];
  readonly total: number;
}
