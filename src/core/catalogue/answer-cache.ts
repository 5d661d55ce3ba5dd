import { Lru } from '../lru.ts';
import type { CatalogueIndex } from './catalogue-index.ts';

/**
 * Answers that depend on the catalogue and the question, kept per catalogue generation:
 * agents and pages ask the same things again and again, and an answer stays right until the
 * catalogue changes, which starts every cache afresh. Answers also carry review figures,
 * which change without the catalogue changing, so an answer is kept at most `maxAgeMs`:
 * the same second of staleness the review figures themselves allow (listing-review-stats.ts).
 *
 * An answer is kept only once its question comes back within `admitWithinMs`: most needs are
 * asked once, and keeping each one-off answer (a full discover answer is about 25 kB) long
 * enough to outlive a young-generation collection moved it into the old generation, where it
 * died: with every need new, that was a full collection about twice a second (ADR 21). The
 * questions seen are remembered as a 32-bit hash of their key and a small time, two numbers
 * that need no object of their own (a collision only keeps an answer sooner).
 */
export class AnswerCache<T extends object> {
  private readonly byCatalogue = new WeakMap<CatalogueIndex, { generation: number; answers: Lru<string, { answer: T; at: number }> }>();
  /** When (ms after `epoch`) each recent question, by the hash of its key, was last asked without its answer being kept. */
  private readonly asked: Lru<number, number>;
  private readonly epoch = Date.now();

  constructor(
    private readonly capacity: number,
    private readonly maxAgeMs = 1000,
    private readonly admitWithinMs = 10_000,
  ) {
    this.asked = new Lru(capacity * 4);
  }

  async get(catalogue: CatalogueIndex, key: string, compute: () => Promise<T>): Promise<T> {
    let cache = this.byCatalogue.get(catalogue);
    if (!cache || cache.generation !== catalogue.generation) {
      cache = { generation: catalogue.generation, answers: new Lru(this.capacity) };
      this.byCatalogue.set(catalogue, cache);
    }
    const cached = cache.answers.peek(key);
    if (cached && Date.now() - cached.at < this.maxAgeMs) return cached.answer;
    const at = Date.now();
    const askedKey = hashOf(key);
    const askedBefore = cached !== undefined || at - this.epoch - (this.asked.peek(askedKey) ?? -Infinity) < this.admitWithinMs;
    if (!askedBefore) this.asked.set(askedKey, at - this.epoch);
    const answer = await compute();
    // Only an answer computed against the generation it is filed under is kept.
    if (askedBefore && cache.generation === catalogue.generation) cache.answers.set(key, { answer, at });
    return answer;
  }
}

/** FNV-1a over the string's UTF-16 code units, cut to 30 bits: a small integer, kept without an object of its own. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash & 0x3fffffff;
}
