/**
 * Spacing for requests to an outside service: each call to `turn(key)` resolves at least
 * `minIntervalMs` after the previous turn of the same key resolved (measured when it did, so a
 * timer that fires late never shortens the next gap). Keys are independent (one per host).
 * Measured on the monotonic clock: the wall clock may be set back or forward while a run waits.
 */
export function createPacer(minIntervalMs: number, sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms))) {
  const last = new Map<string, Promise<number>>();
  return async (key = ''): Promise<void> => {
    const previous = last.get(key) ?? Promise.resolve(Number.NEGATIVE_INFINITY);
    let release!: (sentAt: number) => void;
    last.set(key, new Promise<number>((resolve) => (release = resolve)));
    const sentBefore = await previous;
    // A timer may fire a millisecond early: wait until the moment has really come.
    while (performance.now() < sentBefore + minIntervalMs) await sleep(sentBefore + minIntervalMs - performance.now());
    release(performance.now());
  };
}
