/**
 * Values kept by key for the life of the process (compiled statements, parsed permission lists).
 * The keys come from the database, so their number is not fixed: when full, the cache empties and
 * fills again, which costs no more than making each value once more.
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {}

  /** The value kept for `key`, made by `make` the first time. */
  get(key: K, make: () => V): V {
    let value = this.entries.get(key);
    if (value === undefined) {
      if (this.entries.size >= this.limit) this.entries.clear();
      this.entries.set(key, (value = make()));
    }
    return value;
  }

  /** The value kept for `key`, if any. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps `value` for `key` in place of what was kept. */
  set(key: K, value: V): void {
    if (!this.entries.has(key) && this.entries.size >= this.limit) this.entries.clear();
    this.entries.set(key, value);
  }
}
