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
 * questions seen are remembered as their keys alone, a few hundred bytes each.
 */
export class AnswerCache<T extends object> {
  private readonly byCatalogue = new WeakMap<CatalogueIndex, { generation: number; answers: Lru<string, { answer: T; at: number }> }>();
  /** When each recent question was last asked without its answer being kept. */
  private readonly asked: Lru<string, number>;

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
    const askedBefore = cached !== undefined || at - (this.asked.peek(key) ?? -Infinity) < this.admitWithinMs;
    if (!askedBefore) this.asked.set(key, at);
    const answer = await compute();
    // Only an answer computed against the generation it is filed under is kept.
    if (askedBefore && cache.generation === catalogue.generation) cache.answers.set(key, { answer, at });
    return answer;
  }
}
