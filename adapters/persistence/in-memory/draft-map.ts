/** What a transaction did to a key: its new value, or gone. */
const GONE: unique symbol = Symbol('gone');

/**
 * A transaction's view of one committed table: reads fall through to the committed map, writes
 * stay here until `commitTo`. A write costs what it touches, whatever the table's size (a copy of
 * the table on first touch made every write grow with the table). Iteration keeps the committed
 * order, changed entries in their places and new ones after, as a Map's own order would be.
 */
export class DraftMap<K, V> extends Map<K, V> {
  private readonly changes = new Map<K, V | typeof GONE>();

  constructor(private readonly committed: ReadonlyMap<K, V>) {
    super();
  }

  override get(key: K): V | undefined {
    if (!this.changes.has(key)) return this.committed.get(key);
    const changed = this.changes.get(key);
    return changed === GONE ? undefined : changed;
  }

  override has(key: K): boolean {
    return this.changes.has(key) ? this.changes.get(key) !== GONE : this.committed.has(key);
  }

  override set(key: K, value: V): this {
    this.changes.set(key, value);
    return this;
  }

  override delete(key: K): boolean {
    const had = this.has(key);
    if (had) this.changes.set(key, GONE);
    return had;
  }

  override clear(): void {
    for (const key of this.keys()) this.changes.set(key, GONE);
  }

  override get size(): number {
    let size = this.committed.size;
    for (const [key, changed] of this.changes) {
      const before = this.committed.has(key);
      if (before && changed === GONE) size -= 1;
      if (!before && changed !== GONE) size += 1;
    }
    return size;
  }

  override *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.committed) {
      if (!this.changes.has(key)) yield [key, value];
      else {
        const changed = this.changes.get(key);
        if (changed !== GONE && changed !== undefined) yield [key, changed];
      }
    }
    for (const [key, changed] of this.changes)
      if (changed !== GONE && !this.committed.has(key)) yield [key, changed];
  }

  override *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  override *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  override forEach(each: (value: V, key: K, map: Map<K, V>) => void): void {
    for (const [key, value] of this.entries()) each(value, key, this);
  }

  /** The keys the transaction wrote or deleted. */
  changedKeys(): IterableIterator<K> {
    return this.changes.keys();
  }

  /** Whether the transaction changed anything here. */
  get touched(): boolean {
    return this.changes.size > 0;
  }

  /** Writes the transaction's changes into `target` (the committed map), in the order they were made. */
  commitTo(target: Map<K, V>): void {
    for (const [key, changed] of this.changes) {
      if (changed === GONE) target.delete(key);
      else target.set(key, changed);
    }
  }
}
