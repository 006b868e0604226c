/** A value a list is ordered by, as its read model stores it (opaque above the read model). */
export type SortKeyValue = string | number | null;

/**
 * Where a page starts in a walk by cursor: the sort keys of the last item of the page before, in
 * the list's order, the id last. Read models give it out (`Paged.next`) and take it back (`after`).
 */
export type SeekKey = readonly SortKeyValue[];

/** A window on a list: at most `limit` items after skipping `offset`, or after the item `after` names. */
export interface Page {
  readonly limit: number;
  /** Items to skip; 0 when `after` is given. */
  readonly offset: number;
  /**
   * Start right after the item with these sort keys (keyset paging): the page costs the same at any
   * depth, and an item added or removed before it moves nothing after it. A key that does not fit
   * the list (another list's, or forged) reads as the end of the list, never as an error.
   */
  readonly after?: SeekKey;
  /**
   * `false` when the caller reads every page and needs no total (a calendar feed): a read model may
   * then skip counting, and `total` is only a lower bound (the items up to the end of this page).
   */
  readonly count?: false;
}

/**
 * How far past the page's end a filtered list counts its matches, on every adapter. Up to there
 * `total` is exact; beyond it `total` is that bound (a lower bound, and another page follows), so
 * the cost of a count does not grow with the owner's data.
 */
export const COUNT_HORIZON = 1_000;

/** One page of a list, and how many items the whole list has. */
export interface Paged<T> {
  readonly items: readonly T[];
  readonly total: number;
  /** The sort keys of the page's last item when another page follows it, else null. */
  readonly next: SeekKey | null;
}
