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
    const { id, version } = idAndVersion(row);
    return this.at(id, version);
  };

  readonly read = (row: Row): T => {
    const { id, version } = idAndVersion(row);
    const held = this.at(id, version);
    if (held !== undefined) return held;
    const value = this.decode(row);
    if (Number.isSafeInteger(id) && Number.isSafeInteger(version)) this.known.set(id, { version, value });
    return value;
  };

  private at(id: number, version: number): T | undefined {
    const kept = this.known.get(id);
    // NaN (a row without the columns) never equals itself: such a row is never held.
    return kept !== undefined && kept.version === version ? kept.value : undefined;
  }
}

const idAndVersion = (row: Row): { readonly id: number; readonly version: number } => {
  const { id, version } = row as { readonly id?: unknown; readonly version?: unknown };
  return { id: Number(id), version: Number(version) };
};
