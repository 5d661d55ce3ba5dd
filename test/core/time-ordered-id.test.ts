import { describe, expect, it } from 'vitest';
import { timeOrderedId } from '../../src/core/time-ordered-id.ts';

describe('timeOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 24, 8, 0, 0, 123);
    const id = timeOrderedId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts by creation time and differs within one millisecond', () => {
    const ids = [timeOrderedId(1_000), timeOrderedId(2_000), timeOrderedId(2_000), timeOrderedId(300_000_000_000)];
    expect([...ids].sort()).toEqual(ids.slice(0, 1).concat([...ids.slice(1, 3)].sort(), ids.slice(3)));
    expect(new Set(ids).size).toBe(4);
  });

  it('stays distinct and random across refills of its pool of random bytes', () => {
    // 1,000 ids in one millisecond draw from the pool four times over.
    const ids = Array.from({ length: 1_000 }, () => timeOrderedId(5_000));
    expect(new Set(ids).size).toBe(1_000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Every hex digit of the random part appears in each of its positions: no position is stuck.
    const random = ids.map((id) => id.replace(/-/g, '').slice(20));
    for (let position = 0; position < 12; position += 1) expect(new Set(random.map((hex) => hex[position])).size).toBe(16);
  });
});
