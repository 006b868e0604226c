import type { Page, Paged } from '../../../../application/ports/paging.js';

/**
 * How many items the kept pages of one read model may hold together before they are all
 * forgotten: about as many as the decoded rows it keeps (VersionedRows), which they mostly share.
 */
export const MAX_KEPT_ITEMS = 10_000;

/** A page as read, and the version of the rows it lists it was read at. */
interface Kept {
  readonly version: number;
  readonly paged: Paged<unknown>;
}

/**
 * Pages of a list kept while the rows they list stand at one version (visible_row_versions): a
 * script polling a list, or paging back and forth, asks the same page again and again, and while
 * nothing it shows changed, the page is answered after reading that one version (a primary-key
 * read) instead of walking the list and counting it again.
 *
 * A page is kept at the version its own statement read beside its rows, so what is kept is what
 * one snapshot held; a page asked again is answered from here only when the version read then is
 * still that one, so it is the answer a fresh read would give, whatever instance or process wrote
 * in between. Pages are kept only for lists whose rows and order depend on the versioned table
 * alone (as kept counts are).
 */
export class KeptPages {
  private readonly pages = new Map<string, Kept>();
  private items = 0;

  /** The page kept for `key`, if any, and the version it was read at. */
  get<T>(key: string): { readonly version: number; readonly paged: Paged<T> } | undefined {
    return this.pages.get(key) as { readonly version: number; readonly paged: Paged<T> } | undefined;
  }

  keep<T>(key: string, version: number, paged: Paged<T>): void {
    if (!Number.isSafeInteger(version)) return;
    const replaced = this.pages.get(key);
    if (replaced !== undefined) this.items -= replaced.paged.items.length;
    if (this.items + paged.items.length > MAX_KEPT_ITEMS) {
      this.pages.clear();
      this.items = 0;
    }
    this.pages.set(key, { version, paged });
    this.items += paged.items.length;
  }
}

/** What tells one page of one list from another: its statement's parts, its values and the window. */
export const pageKey = (from: string, orderBy: string, params: readonly unknown[], page: Page): string =>
  `${from}\u0000${orderBy}\u0000${JSON.stringify(params)}\u0000${page.limit}\u0000${page.offset}`;
