import { Lru } from '../lru.ts';
import type { CatalogueIndex } from './catalogue-index.ts';

/**
 * Answers that depend on the catalogue and the question, kept per catalogue generation:
 * agents and pages ask the same things again and again, and an answer stays right until the
 * catalogue changes, which starts every cache afresh. Answers also carry review figures,
 * which change without the catalogue changing, so an answer is kept at most `maxAgeMs`:
 * the same second of staleness the review figures themselves allow (listing-review-stats.ts).
 */
export class AnswerCache<T extends object> {
  private readonly byCatalogue = new WeakMap<CatalogueIndex, { generation: number; answers: Lru<string, { answer: T; at: number }> }>();

  constructor(
    private readonly capacity: number,
    private readonly maxAgeMs = 1000,
  ) {}

  async get(catalogue: CatalogueIndex, key: string, compute: () => Promise<T>): Promise<T> {
    let cache = this.byCatalogue.get(catalogue);
    if (!cache || cache.generation !== catalogue.generation) {
      cache = { generation: catalogue.generation, answers: new Lru(this.capacity) };
      this.byCatalogue.set(catalogue, cache);
    }
    const cached = cache.answers.peek(key);
    if (cached && Date.now() - cached.at < this.maxAgeMs) return cached.answer;
    const at = Date.now();
    const answer = await compute();
    // Only an answer computed against the generation it is filed under is kept.
    if (cache.generation === catalogue.generation) cache.answers.set(key, { answer, at });
    return answer;
  }
}
