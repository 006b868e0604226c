import { BoundedCache } from '../bounded-cache.js';
import type { Row } from '../row-decoding.js';

/** How many decoded rows a read model keeps: a few pages for each of many users, a few MB. */
const KEPT_ROWS = 10_000;

/**
 * The rows a read model decoded lately, by id, with the version each had then. A row read again at
 * the same version is answered with the object decoded the first time instead of being decoded
 * again (values are immutable, so sharing them is safe), and presenters downstream can keep what
 * they derive from it (presentTask). This holds because every write the service makes to such a
 * row raises its `version`; a row changed by hand in SQL without that keeps its old face here
 * until it is written again or the process restarts.
 */
export class VersionedRows<T> {
  private readonly known = new BoundedCache<number, { readonly version: number; readonly value: T }>(
    KEPT_ROWS,
  );

  constructor(private readonly decode: (row: Row) => T) {}

  /** The value held for `row` (its id and version; the rest may be missing) at that version, if any. */
  readonly held = (row: Row): T | undefined => {
    const { id, version } = row as { readonly id?: unknown; readonly version?: unknown };
    const kept = this.known.get(Number(id));
    // NaN (a row without the columns) never equals itself: such a row is never held.
    return kept !== undefined && kept.version === Number(version) ? kept.value : undefined;
  };

  readonly read = (row: Row): T => {
    const held = this.held(row);
    if (held !== undefined) return held;
    const value = this.decode(row);
    const { id, version } = row as { readonly id?: unknown; readonly version?: unknown };
    const key = Number(id);
    const at = Number(version);
    if (Number.isSafeInteger(key) && Number.isSafeInteger(at)) this.known.set(key, { version: at, value });
    return value;
  };
}
