import { Lru } from '../lru.ts';
import type { CatalogueIndex } from './catalogue-index.ts';

/**
 * Answers that depend only on the catalogue and the question, kept per catalogue generation:
 * agents and pages ask the same things again and again, and an answer stays right until the
 * catalogue changes. Any change starts every cache afresh.
 */
export class AnswerCache<T extends object> {
  private readonly byCatalogue = new WeakMap<CatalogueIndex, { generation: number; answers: Lru<string, T> }>();

  constructor(private readonly capacity: number) {}

  async get(catalogue: CatalogueIndex, key: string, compute: () => Promise<T>): Promise<T> {
    let cache = this.byCatalogue.get(catalogue);
    if (!cache || cache.generation !== catalogue.generation) {
      cache = { generation: catalogue.generation, answers: new Lru(this.capacity) };
      this.byCatalogue.set(catalogue, cache);
    }
    const cached = cache.answers.peek(key);
    if (cached) return cached;
    const answer = await compute();
    // Only an answer computed against the generation it is filed under is kept.
    if (cache.generation === catalogue.generation) cache.answers.get(key, () => answer);
    return answer;
  }
}
