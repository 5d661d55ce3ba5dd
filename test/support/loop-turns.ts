/**
 * Marks the turns of the event loop in `events`: an immediate that queues itself again runs once
 * a turn, and pushes 'tick' unless the last event already is one. Returns the function that stops it.
 */
export function markLoopTurns(events: string[]): () => void {
  let ticking = true;
  const tick = () => {
    if (!ticking) return;
    if (events.at(-1) !== 'tick') events.push('tick');
    setImmediate(tick);
  };
  setImmediate(tick);
  return () => {
    ticking = false;
  };
}
