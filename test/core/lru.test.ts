import { describe, expect, it } from 'vitest';
import { Lru } from '../../src/core/lru.ts';

describe('Lru', () => {
  it('computes a value once and answers it again from the cache', () => {
    const cache = new Lru<string, number>(4);
    let computed = 0;
    const compute = () => ++computed;
    expect(cache.get('a', compute)).toBe(1);
    expect(cache.get('a', compute)).toBe(1);
    expect(computed).toBe(1);
  });

  it('never holds more than its capacity, however many keys pass through', () => {
    const cache = new Lru<number, number>(10);
    for (let key = 0; key < 1000; key += 1) cache.get(key, () => key);
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.peek(999)).toBe(999);
    expect(cache.peek(0)).toBeUndefined();
  });

  it('keeps a key that is used again while others pass through, and drops one that is not', () => {
    const cache = new Lru<string, string>(6);
    cache.set('kept', 'k');
    cache.set('dropped', 'd');
    for (let n = 0; n < 30; n += 1) {
      cache.get(`key-${n}`, () => 'x');
      expect(cache.peek('kept')).toBe('k');
    }
    expect(cache.peek('dropped')).toBeUndefined();
  });

  it('replaces a value on set', () => {
    const cache = new Lru<string, number>(4);
    cache.set('a', 1);
    for (const key of ['b', 'c']) cache.set(key, 0);
    cache.set('a', 2);
    expect(cache.peek('a')).toBe(2);
    expect(cache.get('a', () => 3)).toBe(2);
  });
});
