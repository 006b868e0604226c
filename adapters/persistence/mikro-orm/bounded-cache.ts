/**
 * A map for small sets of values that are costly to make and never go stale (prepared statements,
 * parsed scope lists, stored users): once it holds `capacity` entries it forgets them all, so it
 * cannot grow without bound and needs no bookkeeping on the hot path.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    if (this.entries.size >= this.capacity) this.entries.clear();
    this.entries.set(key, value);
  }

  /** The value kept for `key`, made (and kept) by `make` the first time. */
  getOrMake(key: K, make: (key: K) => V): V {
    const kept = this.entries.get(key);
    if (kept !== undefined) return kept;
    const value = make(key);
    this.set(key, value);
    return value;
  }
}
