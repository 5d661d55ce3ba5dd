/**
 * A bounded cache that keeps what was used recently: two generations of at most half the
 * capacity each. Hits in the newer one cost a single lookup (a true LRU reorders its map on
 * every hit, which showed in profiles of hot read paths); a hit in the older one moves the entry
 * to the newer; when the newer fills, it becomes the older and the older is dropped.
 */
export class Lru<K, V> {
  private newer = new Map<K, V>();
  private older = new Map<K, V>();
  private readonly half: number;

  constructor(capacity: number) {
    this.half = Math.max(1, Math.floor(capacity / 2));
  }

  get size(): number {
    let size = this.newer.size;
    for (const key of this.older.keys()) if (!this.newer.has(key)) size += 1;
    return size;
  }

  get(key: K, compute: () => V): V {
    let value = this.peek(key);
    if (value === undefined) {
      value = compute();
      this.remember(key, value);
    }
    return value;
  }

  /** Stores the value, replacing any kept under the key, and marks it most recently used. */
  set(key: K, value: V): void {
    this.older.delete(key);
    this.remember(key, value);
  }

  /** The value if cached (marking it recently used), or undefined. */
  peek(key: K): V | undefined {
    const value = this.newer.get(key);
    if (value !== undefined) return value;
    const old = this.older.get(key);
    if (old !== undefined) {
      this.older.delete(key);
      this.remember(key, old);
    }
    return old;
  }

  private remember(key: K, value: V): void {
    if (!this.newer.has(key) && this.newer.size >= this.half) {
      this.older = this.newer;
      this.newer = new Map();
    }
    this.newer.set(key, value);
  }
}
