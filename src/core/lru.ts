/** A small least-recently-used cache: Map keeps insertion order, so the first key is the oldest. */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly capacity: number) {}

  get(key: K, compute: () => V): V {
    let value = this.entries.get(key);
    if (value === undefined) {
      value = compute();
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    } else {
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    return value;
  }

  /** Stores the value, replacing any kept under the key, and marks it most recently used. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }

  /** The value if cached (marking it recently used), or undefined. */
  peek(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
}
