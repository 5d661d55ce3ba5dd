import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPacer } from '../../src/enrich/pacer.ts';

/**
 * The pacer on a fake monotonic clock: `performance.now()` reads `clock.now`, and the sleep the
 * pacer is given moves it on (by what it was asked, or by another amount, to play a timer that
 * fires early or late). No real time passes, so the gaps are exact whatever the machine's load.
 */
function fakeClock() {
  const clock = { now: 1_000, slept: [] as number[], drift: 0 };
  vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
  const sleep = async (ms: number) => {
    clock.slept.push(ms);
    // A timer that fires early still lets a millisecond pass.
    clock.now += Math.max(1, ms + clock.drift);
  };
  return { clock, sleep };
}

afterEach(() => vi.restoreAllMocks());

describe('createPacer', () => {
  it('lets the first turn go at once and spaces the next ones by at least the interval', async () => {
    const { clock, sleep } = fakeClock();
    const pace = createPacer(100, sleep);
    const at: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      await pace('api.github.com');
      at.push(clock.now);
    }
    expect(at[0]).toBe(1_000);
    for (let i = 1; i < at.length; i += 1) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(100);
  });

  it('spaces turns asked for all at once, in the order they were asked', async () => {
    const { clock, sleep } = fakeClock();
    const pace = createPacer(100, sleep);
    const order: number[] = [];
    await Promise.all([0, 1, 2].map(async (i) => {
      await pace();
      order.push(i);
    }));
    expect(order).toEqual([0, 1, 2]);
    // Three turns, two full intervals waited, one after the other.
    expect(clock.slept).toEqual([100, 100]);
    expect(clock.now).toBe(1_200);
  });

  it('waits again when a timer fires early, so no gap is ever short', async () => {
    const { clock, sleep } = fakeClock();
    clock.drift = -30;
    const pace = createPacer(100, sleep);
    await pace();
    const first = clock.now;
    await pace();
    expect(clock.now - first).toBeGreaterThanOrEqual(100);
    expect(clock.slept.length).toBeGreaterThan(1);
  });

  it('measures the next gap from when a late turn went, not from when it was due', async () => {
    const { clock, sleep } = fakeClock();
    clock.drift = 50;
    const pace = createPacer(100, sleep);
    await pace();
    await pace();
    const late = clock.now;
    await pace();
    expect(clock.now - late).toBeGreaterThanOrEqual(100);
  });

  it('keeps keys apart: a turn for another host does not wait', async () => {
    const { clock, sleep } = fakeClock();
    const pace = createPacer(100, sleep);
    await pace('a.example');
    await pace('b.example');
    expect(clock.now).toBe(1_000);
    expect(clock.slept).toEqual([]);
  });
});
